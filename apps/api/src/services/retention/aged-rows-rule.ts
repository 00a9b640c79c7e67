import { type AgedRows, countBefore, deleteBatchBefore } from '../../db/repositories/retention.ts';
import type { RetentionCutoffs } from './retention-cutoffs.ts';
import type { RetentionRule } from './retention-rule.ts';

/** A rule that deletes rows once they are dated before the cutoff it picks. */
export function agedRowsRule(
  kind: string,
  rows: AgedRows,
  cutoffOf: (cutoffs: RetentionCutoffs) => string,
): RetentionRule {
  return {
    kind,
    countDue: (db, cutoffs) => countBefore(db, rows, cutoffOf(cutoffs)),
    purgeBatch: (db, cutoffs, limit) => deleteBatchBefore(db, rows, cutoffOf(cutoffs), limit),
  };
}
