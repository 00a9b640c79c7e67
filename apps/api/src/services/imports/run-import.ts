import { IMPORT_MESSAGES, type ImportKind, type ImportResult } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { WriteWork } from '../../db/engine/group-commit.ts';
import { lockCustomerForPlanning } from '../../db/repositories/meter-serials.ts';
import type { Database } from '../../db/schema.ts';
import { nextTurn } from './event-loop-turns.ts';
import { badRowCount, type ParsedFile } from './import-files.ts';
import type { ImportPlan } from './import-plan.ts';
import { planMeterImport } from './meter-import.ts';
import { planReadingImport } from './reading-import.ts';
import { planRemoteImport } from './remote/remote-import.ts';
import { type RemoteSlice, storeRemoteSlice } from './remote/remote-slices.ts';

/** A file read by the import worker (`ImportReader`), for an account. */
export type ImportFile = { accountId: string; kind: ImportKind; parsed: ParsedFile };

/** Stores one slice of a remote file in a transaction of its own, committed when it resolves. */
export type RemoteSliceStore = (slice: RemoteSlice, userId: string) => Promise<void>;

/**
 * Where an import reads (`db`) and how it commits (`app.writeTransaction`); with `storeRemoteSlice`, how
 * a remote file's slices are stored instead (SQLite: in the writer thread, ADR 052 "worker").
 */
export type ImportDatabase = {
  db: Kysely<Database>;
  writeTransaction<T>(work: WriteWork<T>): Promise<T>;
  storeRemoteSlice?: RemoteSliceStore;
};

/** Who applies the file, and what is recorded with it once it is stored (in the last transaction). */
export type ImportApply = {
  userId: string;
  applied: (trx: Kysely<Database>, result: ImportResult) => Promise<void>;
};

/**
 * Checks the read file against the database; with `apply`, stores it when no row is bad. A file with
 * any bad row changes nothing. Meters and readings files are planned and stored in one transaction, all
 * or nothing; a remote file is planned beside the other requests and stored in committed slices (ADR 052).
 */
export async function runImport(
  database: ImportDatabase,
  file: ImportFile,
  now: Date,
  apply?: ImportApply,
): Promise<ImportResult> {
  if (!apply) return resultOf(file, await planOf(database.db, file, now), false);
  if (file.parsed.remote) return applyInSlices(database, file, now, apply);
  return database.writeTransaction(async (trx) => {
    // The plan is made inside the write transaction: it must see every import applied before it.
    await lockCustomerForPlanning(trx, file.accountId);
    const plan = await planOf(trx, file, now);
    const clean = plan.errors.length === 0;
    if (!clean) return resultOf(file, plan, false);
    if (plan.apply.kind === 'one-transaction') await plan.apply.write(trx, apply.userId);
    else for (const slice of plan.apply.slices) await storeRemoteSlice(trx, slice, apply.userId);
    const result = resultOf(file, plan, true);
    await apply.applied(trx, result);
    return result;
  });
}

/**
 * Each slice commits before the next begins, with a turn for other requests between them, so a
 * reader's SEND waits for one slice, not for the file. The slices judge their rows again, so an apply
 * that stopped half-way is completed by the same file again.
 */
async function applyInSlices(
  database: ImportDatabase,
  file: ImportFile,
  now: Date,
  apply: ImportApply,
): Promise<ImportResult> {
  const plan = await planOf(database.db, file, now);
  if (plan.errors.length > 0) return resultOf(file, plan, false);
  const { apply: writes } = plan;
  if (writes.kind === 'one-transaction')
    await database.writeTransaction((trx) => writes.write(trx, apply.userId));
  else {
    const store: RemoteSliceStore =
      database.storeRemoteSlice ??
      ((slice, userId) => database.writeTransaction((trx) => storeRemoteSlice(trx, slice, userId)));
    for (const slice of writes.slices) {
      await store(slice, apply.userId);
      await nextTurn();
    }
  }
  const result = resultOf(file, plan, true);
  await database.writeTransaction((trx) => apply.applied(trx, result));
  return result;
}

function planOf(db: Kysely<Database>, file: ImportFile, now: Date): Promise<ImportPlan> {
  const { parsed } = file;
  // Unread or without rows: never applied, as it has errors.
  if (parsed.errors.length > 0) return Promise.resolve(unreadPlan(parsed));
  if (parsed.remote) return planRemoteImport(db, file.accountId, parsed.remote, now);
  return file.kind === 'meters'
    ? planMeterImport(db, file.accountId, parsed.rows, now)
    : planReadingImport(db, file.accountId, parsed.rows, now);
}

const unreadPlan = (parsed: ParsedFile): ImportPlan => ({
  errors: parsed.errors,
  created: 0,
  changed: 0,
  unchanged: 0,
  apply: { kind: 'one-transaction', write: async () => {} },
});

function resultOf(file: ImportFile, plan: ImportPlan, applied: boolean): ImportResult {
  const { parsed } = file;
  const { remote } = parsed;
  const rows = remote ? remote.rows.length + badRowCount(remote.errors) : parsed.rows.length;
  return {
    kind: file.kind,
    applied,
    rows,
    created: plan.created,
    changed: plan.changed,
    unchanged: plan.unchanged,
    errors: plan.errors,
    message: applied
      ? IMPORT_MESSAGES.applied(rows)
      : IMPORT_MESSAGES.checked(rows, badRowCount(plan.errors)),
  };
}
