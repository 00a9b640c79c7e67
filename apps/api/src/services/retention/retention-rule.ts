import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RetentionCutoffs } from './retention-cutoffs.ts';

/**
 * One kind of data the retention job keeps for a while (ADR 042): how many rows are due now, and how
 * to delete or anonymise up to `limit` of them (one batch, run in its own transaction by the job).
 */
export type RetentionRule = {
  /** The name in the job's log line and the CLI's output. */
  kind: string;
  countDue(db: Kysely<Database>, cutoffs: RetentionCutoffs): Promise<number>;
  /** Deletes or anonymises at most `limit` due rows; answers how many. */
  purgeBatch(db: Kysely<Database>, cutoffs: RetentionCutoffs, limit: number, now: Date): Promise<number>;
};
