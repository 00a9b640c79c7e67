import { AccountIdParams, ErrorResponse, ExportQuery } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../http/file-reply.ts';
import { exportFileName } from '../../services/export-file-name.ts';
import { exportCsv, exportXlsx } from '../../services/export-files.ts';
import { monthRowsOf } from '../../services/monthly-consumption.ts';
import { monthCsv, monthXlsx } from '../../services/monthly-consumption-files.ts';
import { requestedPeriod } from '../../services/period-status.ts';
import { exportRowsOf } from '../../services/reading-export.ts';

const MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const fileResponses = {
  200: {
    description: 'Filen som vedhæftning (Content-Disposition).',
    content: {
      [MEDIA_TYPES.csv]: { schema: z.string() },
      [MEDIA_TYPES.xlsx]: { schema: z.string() },
    },
  },
  404: ErrorResponse,
};

/** The billing export and the consumption per month: files of one period of the account (ADR 016, 019). */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/export/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Eksport til fakturering (kun for administratorer): én række pr. måling dateret i perioden, der indeholder date (uden date den aktuelle), med Lokation, Måler, Serienummer, Målepunkt, Enhed, Dato, Værdi, Forbrug siden forrige, Registreret af, Registreret, Rettet og Sendt alligevel. format=csv (standard; UTF-8 med BOM, semikolon, decimalkomma, CRLF) eller format=xlsx. Tekst, der begynder med = + - eller @, får en apostrof foran.',
        tags: ['Administration'],
        params: AccountIdParams,
        querystring: ExportQuery,
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const { account } = request;
      const { format, date } = request.query;
      const { period, kind } = await requestedPeriod(app.db, account.id, app.clock.now(), date);
      const rows = await exportRowsOf(app.db, account.id, period);
      return sendFile(reply, {
        bytes: format === 'xlsx' ? await exportXlsx(rows, period.label) : exportCsv(rows),
        mediaType: MEDIA_TYPES[format],
        name: exportFileName('aflaesninger', account.name, period, kind, format),
      });
    },
  );

  app.get(
    '/monthlyconsumption/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Forbrug pr. måned (kun for administratorer): for hvert målepunkt med aflæsninger omkring perioden, der indeholder date (uden date den aktuelle), forbruget i hver kalendermåned af perioden. Forbruget mellem to aflæsninger fordeles jævnt på dagene imellem, så et interval over et månedsskifte deles efter dage; ved et målerskift tæller hver måler for sig. Kolonner: Lokation, Måler, Serienummer, Målepunkt, Enhed, Måned, Forbrug, Dage med aflæsninger, Dage i perioden. format=csv (standard) eller xlsx, som eksporten.',
        tags: ['Administration'],
        params: AccountIdParams,
        querystring: ExportQuery,
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const { account } = request;
      const { format, date } = request.query;
      const { period, kind } = await requestedPeriod(app.db, account.id, app.clock.now(), date);
      const rows = await monthRowsOf(app.db, account.id, period);
      return sendFile(reply, {
        bytes: format === 'xlsx' ? await monthXlsx(rows, period.label) : monthCsv(rows),
        mediaType: MEDIA_TYPES[format],
        name: exportFileName('forbrug-pr-maaned', account.name, period, kind, format),
      });
    },
  );
};
