import { AccountIdParams, ErrorResponse, ExportQuery } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../http/file-reply.ts';
import { exportCsv, exportXlsx } from '../../services/export-files.ts';
import { requestedPeriod } from '../../services/period-status.ts';
import { exportFileName, exportRowsOf } from '../../services/reading-export.ts';

const MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const exportRoute: FastifyPluginAsyncZod = async (app) => {
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
        response: {
          200: {
            description: 'Filen som vedhæftning (Content-Disposition).',
            content: {
              [MEDIA_TYPES.csv]: { schema: z.string() },
              [MEDIA_TYPES.xlsx]: { schema: z.string() },
            },
          },
          404: ErrorResponse,
        },
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
        name: exportFileName(account.name, period, kind, format),
      });
    },
  );
};
