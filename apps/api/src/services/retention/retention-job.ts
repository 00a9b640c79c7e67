import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import { withAdvisoryLock } from '../../db/engine/advisory-lock.ts';
import type { DatabaseKind } from '../../db/engine/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../shared/clock.ts';
import { type RetentionPeriods, retentionCutoffs } from './retention-cutoffs.ts';
import type { RetentionRule } from './retention-rule.ts';
import { RETENTION_RULES } from './retention-rules.ts';

/** Rows per transaction: short enough that readers and the readings' writers hardly wait for a batch. */
export const RETENTION_BATCH = 500;
/** Any fixed number: the PostgreSQL advisory lock that lets one instance at a time run the job. */
const RETENTION_LOCK = 42_042;

export type RetentionOptions = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  periods: RetentionPeriods;
  log: Pick<BaseLogger, 'info'>;
  dryRun: boolean;
  batchSize?: number;
  rules?: readonly RetentionRule[];
};

export type RetentionRun = {
  dryRun: boolean;
  /** Per kind: rows deleted or anonymised, or in a dry run those that are due. */
  counts: Record<string, number>;
  durationMs: number;
  /** True when another instance held the lock, so this one did nothing. */
  skipped: boolean;
};

async function purgeAll(
  db: Kysely<Database>,
  rule: RetentionRule,
  run: { cutoffs: ReturnType<typeof retentionCutoffs>; now: Date; batchSize: number },
): Promise<number> {
  if ('purgeAll' in rule) return rule.purgeAll(db, run.cutoffs, run.now);
  let total = 0;
  for (;;) {
    const done = await db
      .transaction()
      .execute((trx) => rule.purgeBatch(trx, run.cutoffs, run.batchSize, run.now));
    total += done;
    if (done < run.batchSize) return total;
  }
}

/**
 * One run of the retention job (ADR 042): each rule counts what is due (dry run) or deletes and
 * anonymises it batch by batch, a transaction per batch. Ends with one log line `retention.run`.
 */
export async function runRetention(options: RetentionOptions): Promise<RetentionRun> {
  const { clock, dryRun, log } = options;
  const rules = options.rules ?? RETENTION_RULES;
  const batchSize = options.batchSize ?? RETENTION_BATCH;
  const started = performance.now();
  const now = clock.now();
  const cutoffs = retentionCutoffs(options.periods, now);
  const locked = await withAdvisoryLock(options.db, options.kind, RETENTION_LOCK, async (db) => {
    const counts: Record<string, number> = {};
    for (const rule of rules) {
      counts[rule.kind] = dryRun
        ? await rule.countDue(db, cutoffs, now)
        : await purgeAll(db, rule, { cutoffs, now, batchSize });
    }
    return counts;
  });
  const run: RetentionRun = {
    dryRun,
    counts: locked?.value ?? {},
    durationMs: Math.round(performance.now() - started),
    skipped: locked === null,
  };
  log.info(
    { event: 'retention.run', ...run, cutoffs },
    locked ? 'retention run' : 'retention run skipped: another instance holds the lock',
  );
  return run;
}
