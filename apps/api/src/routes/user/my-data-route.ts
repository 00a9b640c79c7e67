import { MY_DATA_FILE_NAME, MyData, MyDataQuery } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../http/file-reply.ts';
import { myReadingsCsv } from '../../services/exports/my-data-csv.ts';
import { myData } from '../../services/users/my-data.ts';

const CSV_TYPE = 'text/csv; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** `Mine data` (ADR 040): any signed-in user downloads what the app keeps about them. */
export const myDataRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mydata',
    {
      schema: {
        description:
          'Mine data: alt, hvad tjenesten gemmer om den indloggede bruger (profil, aflæsninger, rettelser, oversprungne målere, erstattede estimater, enheder til offline-login og udsendte e-mails), som vedhæftet JSON-fil; format=csv giver aflæsningerne som CSV (UTF-8 med BOM, semikolon, decimalkomma).',
        tags: ['Brugere'],
        querystring: MyDataQuery,
        response: {
          200: {
            description: 'Filen som vedhæftning (Content-Disposition).',
            content: { 'application/json': { schema: MyData }, [CSV_TYPE]: { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const data = await myData(app.db, request.user, app.clock.now());
      const csv = request.query.format === 'csv';
      request.log.info(
        { event: 'mydata.downloaded', format: csv ? 'csv' : 'json', readings: data.readings.length },
        'own data downloaded',
      );
      return sendFile(
        reply,
        csv
          ? {
              bytes: myReadingsCsv(data.readings),
              mediaType: CSV_TYPE,
              name: `${MY_DATA_FILE_NAME}-aflaesninger.csv`,
            }
          : {
              bytes: Buffer.from(JSON.stringify(data, null, 2)),
              mediaType: JSON_TYPE,
              name: `${MY_DATA_FILE_NAME}.json`,
            },
      );
    },
  );
};
