import type { ImportRowError } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What a file would do (ADR 018): its bad rows in line order, the rows it creates, changes and leaves unchanged, and
 * how to apply it. Made from the database as it stands, so an apply plans again inside its transaction.
 */
export type ImportPlan = {
  errors: ImportRowError[];
  created: number;
  changed: number;
  unchanged: number;
  apply: (trx: Kysely<Database>, userId: string) => Promise<void>;
};
