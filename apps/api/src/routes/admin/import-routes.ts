import {
  ErrorResponse,
  IMPORT_COLUMNS,
  IMPORT_MESSAGES,
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
import { InvalidRequestError, TooManyAttemptsError } from '../../domain/errors.ts';
import { sendFile } from '../../http/file-reply.ts';
import { validationMessage } from '../../http/validation-message.ts';
import { importTemplate } from '../../services/imports/import-files.ts';
import { createImportReader } from '../../services/imports/import-reader.ts';
import { createImportSlot } from '../../services/imports/import-slot.ts';
import { createRemoteSliceWriter } from '../../services/imports/remote/remote-slice-writer.ts';
import { runImport } from '../../services/imports/run-import.ts';
import { acceptRawJsonBodies, rawBodyValidator, rawJsonBodyOf } from './raw-json-body.ts';

const tags = ['Administration'];

const MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The file travels as base64 in JSON (a third larger), with room for the rest of the body. */
const BODY_LIMIT = Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4 + 1024;

/** When a busy instance suggests trying again: a full file takes a few seconds. */
const BUSY_RETRY_AFTER_SECONDS = 5;

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptRawJsonBodies(app);
  const slot = createImportSlot();
  const reader = createImportReader();
  app.addHook('onClose', () => reader.close());
  // A remote file's slices are stored off the event loop, in a thread of their own (ADR 052).
  const sliceWriter =
    app.sqliteFile && app.writeTurns
      ? createRemoteSliceWriter({ sqliteFile: app.sqliteFile }, app.writeTurns)
      : app.databaseUrl
        ? createRemoteSliceWriter({ databaseUrl: app.databaseUrl })
        : undefined;
  app.addHook('onClose', async () => sliceWriter?.close());

  app.post(
    '/import/:accountId/:kind',
    {
      bodyLimit: BODY_LIMIT,
      // The body is parsed and checked against `ImportRequest` by the import worker (ADR 052).
      validatorCompiler: rawBodyValidator,
      config: {
        adminOnly: true,
        account: 'params.accountId',
        // A customer's machine client delivers readings with its API key (ADR 051); meters stay with people.
        apiKey: (request) => (request.params as { kind?: unknown }).kind === 'readings',
      },
      schema: {
        description: `Importér (kun for administratorer): en CSV- eller Excel-fil (base64) med kind=meters (kolonnerne ${IMPORT_COLUMNS.meters.join(';')}, én række pr. målepunkt) eller kind=readings (${IMPORT_COLUMNS.readings.join(';')}; dato DD-MM-ÅÅÅÅ eller ÅÅÅÅ-MM-DD, decimalkomma). mode=dry-run (standard) viser, hvad filen ville oprette, ændre og lade være, og hver fejlbehæftet række med linjenummer og dansk begrundelse; mode=apply gemmer filen i én transaktion, men kun når ingen række har fejl (ellers applied=false, og intet gemmes); fjernaflæste værdier (format wmbusmeters eller Radio-id;Tidspunkt;Værdi) gemmes i afsnit, der hver gemmes for sig, og stopper det halvvejs, fuldfører den samme fil igen importen. Én import ad gangen pr. server: kører der allerede en, svares 429 (prøv igen om lidt). Aflæsninger gemmes med kilden import efter samme regler som formularen (ingen til en udskiftet måler eller før et målerskifte); en identisk fil igen ændrer intet.`,
        tags,
        params: ImportParams,
        querystring: ImportQuery,
        body: ImportRequest,
        response: { 200: ImportResult, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const { kind } = request.params;
      const body = rawJsonBodyOf(request);
      const run = slot.tryRun(async () => {
        // Read off the event loop and outside the write transaction (ADR 028, 052).
        const parsed = await reader.read({ kind, body });
        if ('refused' in parsed) throw new InvalidRequestError(validationMessage(parsed.message));
        const file = { accountId: request.account.id, kind, parsed };
        const now = app.clock.now();
        const database = {
          db: app.db,
          writeTransaction: app.writeTransaction,
          ...(sliceWriter ? { storeRemoteSlice: sliceWriter.store } : {}),
        };
        if (request.query.mode === 'dry-run') return runImport(database, file, now);
        return runImport(database, file, now, {
          userId: request.user.id,
          applied: async (trx, { rows, created, changed, unchanged }) => {
            await request.securityEvent(
              'import.applied',
              { accountId: file.accountId, kind, rows, created, changed, unchanged },
              trx,
            );
          },
        });
      });
      if (!run) {
        request.log.info({ accountId: request.account.id, kind }, 'import refused: another import runs');
        throw new TooManyAttemptsError(IMPORT_MESSAGES.busy, BUSY_RETRY_AFTER_SECONDS);
      }
      return run;
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
