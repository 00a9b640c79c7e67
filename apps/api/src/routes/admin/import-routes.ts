import {
  ErrorResponse,
  IMPORT_COLUMNS,
  ImportParams,
  ImportQuery,
  ImportRequest,
  ImportResult,
  ImportTemplateParams,
  ImportTemplateQuery,
  MAX_IMPORT_FILE_BYTES,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../http/file-reply.ts';
import { logSecurityEvent } from '../../services/auth/security-events.ts';
import { importTemplate } from '../../services/imports/import-files.ts';
import { runImport } from '../../services/imports/run-import.ts';

const tags = ['Administration'];

const MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The file travels as base64 in JSON (a third larger), with room for the rest of the body. */
const BODY_LIMIT = Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4 + 1024;

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/import/:accountId/:kind',
    {
      bodyLimit: BODY_LIMIT,
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description: `Importér (kun for administratorer): en CSV- eller Excel-fil (base64) med kind=meters (kolonnerne ${IMPORT_COLUMNS.meters.join(';')}, én række pr. målepunkt) eller kind=readings (${IMPORT_COLUMNS.readings.join(';')}; dato DD-MM-ÅÅÅÅ eller ÅÅÅÅ-MM-DD, decimalkomma). mode=dry-run (standard) viser, hvad filen ville oprette, ændre og lade være, og hver fejlbehæftet række med linjenummer og dansk begrundelse; mode=apply gemmer filen i én transaktion, men kun når ingen række har fejl (ellers applied=false, og intet gemmes). Aflæsninger gemmes med kilden import efter samme regler som formularen; en identisk fil igen ændrer intet.`,
        tags,
        params: ImportParams,
        querystring: ImportQuery,
        body: ImportRequest,
        response: { 200: ImportResult, 404: ErrorResponse },
      },
    },
    async (request) => {
      const file = {
        accountId: request.account.id,
        kind: request.params.kind,
        format: request.body.format,
        bytes: Buffer.from(request.body.data, 'base64'),
      };
      const now = app.clock.now();
      if (request.query.mode === 'dry-run') return runImport(app.db, file, now);
      const result = await app.writeTransaction((trx) =>
        runImport(trx, file, now, { userId: request.user.id }),
      );
      const { kind, rows, created, changed, unchanged, applied } = result;
      if (applied) {
        logSecurityEvent(request.log, 'import.applied', {
          accountId: file.accountId,
          kind,
          rows,
          created,
          changed,
          unchanged,
        });
      }
      return result;
    },
  );

  app.get(
    '/import/template/:kind',
    {
      config: { adminOnly: true },
      schema: {
        description:
          'Skabelon til Importér (kun for administratorer): overskriftsrækken for kind=meters eller kind=readings som CSV (standard) eller format=xlsx.',
        tags,
        params: ImportTemplateParams,
        querystring: ImportTemplateQuery,
        response: {
          200: {
            description: 'Skabelonen som vedhæftning (Content-Disposition).',
            content: {
              [MEDIA_TYPES.csv]: { schema: z.string() },
              [MEDIA_TYPES.xlsx]: { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { format } = request.query;
      return sendFile(reply, {
        bytes: await importTemplate(kind, format),
        mediaType: MEDIA_TYPES[format],
        name: `skabelon-${kind === 'meters' ? 'maalere' : 'aflaesninger'}.${format}`,
      });
    },
  );
};
