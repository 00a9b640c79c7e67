import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RetentionCutoffs } from './retention-cutoffs.ts';

type RuleBase = {
  /** The name in the job's log line and the CLI's output. */
  kind: string;
  countDue(db: Kysely<Database>, cutoffs: RetentionCutoffs, now: Date): Promise<number>;
};

/**
 * One kind of data the retention job keeps for a while (ADR 042): how many rows are due now, and how
 * to delete or anonymise up to `limit` of them (one batch, run in its own transaction by the job) —
 * or, for a kind with files outside the database (photos), all of it at once, the rule owning its
 * transaction so the files go only after the rows' commit.
 */
export type RetentionRule =
  | (RuleBase & {
      /** Deletes or anonymises at most `limit` due rows; answers how many. */
      purgeBatch(db: Kysely<Database>, cutoffs: RetentionCutoffs, limit: number, now: Date): Promise<number>;
    })
  | (RuleBase & {
      /** Deletes everything due; answers how many. */
      purgeAll(db: Kysely<Database>, cutoffs: RetentionCutoffs, now: Date): Promise<number>;
    });
