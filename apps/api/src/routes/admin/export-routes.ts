import {
  AccountIdParams,
  ErrorResponse,
  type ExportFormat,
  ExportQuery,
  type LabelledPeriod,
} from '@maaler/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../http/file-reply.ts';
import { requestedPeriod } from '../../services/administration/period-status.ts';
import { exportFileName } from '../../services/exports/export-file-name.ts';
import { exportCsv, exportXlsx } from '../../services/exports/export-files.ts';
import { monthRowsOf } from '../../services/exports/monthly-consumption.ts';
import { monthCsv, monthXlsx } from '../../services/exports/monthly-consumption-files.ts';
import { exportRowsOf } from '../../services/exports/reading-export.ts';

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

/**
 * One kind of period file: its name in the file name, and its bytes for the account and period with
 * the number of rows in it (for the log).
 */
type PeriodFile = {
  what: Parameters<typeof exportFileName>[0];
  description: string;
  bytes: (
    db: FastifyInstance['db'],
    accountId: string,
    period: LabelledPeriod,
    format: ExportFormat,
  ) => Promise<{ bytes: Buffer; rows: number }>;
};

/** A period file's bytes from its rows: a workbook with a sheet named for the period, or CSV. */
function bytesFrom<Row>(
  rowsOf: (db: FastifyInstance['db'], accountId: string, period: LabelledPeriod) => Promise<Row[]>,
  files: { xlsx: (rows: Row[], sheetName: string) => Promise<Buffer>; csv: (rows: Row[]) => Buffer },
): PeriodFile['bytes'] {
  return async (db, accountId, period, format) => {
    const rows = await rowsOf(db, accountId, period);
    const bytes = format === 'xlsx' ? await files.xlsx(rows, period.label) : files.csv(rows);
    return { bytes, rows: rows.length };
  };
}

const PERIOD_FILES: Record<string, PeriodFile> = {
  '/export/:accountId': {
    what: 'aflaesninger',
    description:
      'Eksport til fakturering (kun for administratorer): én række pr. måling dateret i perioden, der indeholder date (uden date den aktuelle), med Lokation, Måler, Serienummer, Målepunkt, Enhed, Dato, Værdi, Forbrug siden forrige, Registreret af, Registreret, Rettet og Sendt alligevel. format=csv (standard; UTF-8 med BOM, semikolon, decimalkomma, CRLF) eller format=xlsx. Tekst, der begynder med = + - eller @, får en apostrof foran.',
    bytes: bytesFrom(exportRowsOf, { xlsx: exportXlsx, csv: exportCsv }),
  },
  '/monthlyconsumption/:accountId': {
    what: 'forbrug-pr-maaned',
    description:
      'Forbrug pr. måned (kun for administratorer): for hvert målepunkt med aflæsninger omkring perioden, der indeholder date (uden date den aktuelle), forbruget i hver kalendermåned af perioden. Forbruget mellem to aflæsninger fordeles jævnt på dagene imellem, så et interval over et månedsskifte deles efter dage; ved et målerskift tæller hver måler for sig. Kolonner: Lokation, Måler, Serienummer, Målepunkt, Enhed, Måned, Forbrug, Dage med aflæsninger, Dage i perioden. format=csv (standard) eller xlsx, som eksporten.',
    bytes: bytesFrom(monthRowsOf, { xlsx: monthXlsx, csv: monthCsv }),
  },
};

/** The billing export and the consumption per month: files of one period of the account (ADR 016, 019). */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, file] of Object.entries(PERIOD_FILES)) {
    app.get(
      path,
      {
        config: { adminOnly: true, account: 'params.accountId' },
        schema: {
          description: file.description,
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
        const { bytes, rows } = await file.bytes(app.db, account.id, period, format);
        await request.securityEvent('export.downloaded', {
          accountId: account.id,
          file: file.what,
          format,
          periodStart: period.start,
          periodEnd: period.end,
          rows,
        });
        return sendFile(reply, {
          bytes,
          mediaType: MEDIA_TYPES[format],
          name: exportFileName(file.what, account.name, period, kind, format),
        });
      },
    );
  }
};
