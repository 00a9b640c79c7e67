import { ErrorResponse, FoundMeter, SerialAccountParams } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meterBySerial } from '../../services/metering/meter-lookup.ts';

export const findBySerialRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/findbyserial/:accountId/:serial',
    {
      config: { account: 'params.accountId' },
      schema: {
        description:
          'Finder kontoens måler med dette serienummer (uden forskel på store og små bogstaver) og dens lokation, fx fra målerens stregkode.',
        tags: ['Aflæsningsrute'],
        params: SerialAccountParams,
        response: { 200: FoundMeter, 404: ErrorResponse },
      },
    },
    async (request) => meterBySerial(app.db, request.account.id, request.params.serial),
  );
};
