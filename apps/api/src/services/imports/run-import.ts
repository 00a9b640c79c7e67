import { IMPORT_MESSAGES, type ImportKind, type ImportResult } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { lockCustomerForPlanning } from '../../db/repositories/meter-serials.ts';
import type { Database } from '../../db/schema.ts';
import { badRowCount, type ParsedFile } from './import-files.ts';
import type { ImportPlan } from './import-plan.ts';
import { planMeterImport } from './meter-import.ts';
import { planReadingImport } from './reading-import.ts';
import { planRemoteImport } from './remote/remote-import.ts';

/** A file read by the import worker (`ImportReader`), for an account. */
export type ImportFile = { accountId: string; kind: ImportKind; parsed: ParsedFile };

/**
 * Checks the read file against the database; with `apply` (the caller's transaction and user), stores
 * it when no row is bad. A file with any bad row changes nothing.
 */
export async function runImport(
  db: Kysely<Database>,
  file: ImportFile,
  now: Date,
  apply?: { userId: string },
): Promise<ImportResult> {
  const { parsed } = file;
  // The plan is made inside the write transaction: it must see every import applied before it.
  if (apply) await lockCustomerForPlanning(db, file.accountId);
  const { remote } = parsed;
  const rows = remote ? remote.rows.length + badRowCount(remote.errors) : parsed.rows.length;
  const plan: ImportPlan =
    parsed.errors.length > 0
      ? // Unread or without rows: never applied, as it has errors.
        { errors: parsed.errors, created: 0, changed: 0, unchanged: 0, apply: async () => {} }
      : remote
        ? await planRemoteImport(db, file.accountId, remote, now)
        : file.kind === 'meters'
          ? await planMeterImport(db, file.accountId, parsed.rows, now)
          : await planReadingImport(db, file.accountId, parsed.rows, now);
  const { errors } = plan;
  const clean = errors.length === 0;
  if (clean && apply) await plan.apply(db, apply.userId);
  return {
    kind: file.kind,
    applied: clean && apply !== undefined,
    rows,
    created: plan.created,
    changed: plan.changed,
    unchanged: plan.unchanged,
    errors,
    message:
      clean && apply ? IMPORT_MESSAGES.applied(rows) : IMPORT_MESSAGES.checked(rows, badRowCount(errors)),
  };
}
