import type { ImportRowError } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRowCount } from './import-files.ts';
import type { RemoteSlice } from './remote/remote-slices.ts';

/** One transaction's share of storing a file. */
export type ImportWrite = (trx: Kysely<Database>, userId: string) => Promise<void>;

/**
 * What a file would do (ADR 018): its bad rows in line order, the rows it creates, changes and leaves unchanged, and
 * how to apply it. Made from the database as it stands, so an apply plans again inside its transaction. A
 * remote file is stored in `remote-slices` instead, each committed on its own and judging its rows again (ADR 052).
 */
export type ImportPlan = {
  errors: ImportRowError[];
  created: number;
  changed: number;
  unchanged: number;
  apply: { kind: 'one-transaction'; write: ImportWrite } | { kind: 'remote-slices'; slices: RemoteSlice[] };
};

/** A plan's counts: each of the file's `rowCount` rows is bad, created, changed or left unchanged. */
export function planCounts(
  rowCount: number,
  errors: ImportRowError[],
  created: number,
  changed: number,
): Omit<ImportPlan, 'apply'> {
  return { errors, created, changed, unchanged: rowCount - badRowCount(errors) - created - changed };
}
