import type { Job } from '../jobs/job-runner.ts';
import { type RetentionOptions, type RetentionRun, runRetention } from './retention-job.ts';

/** The retention job's name on the job runner (ADR 042, ADR 044). */
export const RETENTION_JOB = 'retention';
/** The first run waits this long after start, so a server restarted daily still runs the job. */
const FIRST_RUN_AFTER_MS = 60_000;

export type ScheduledRetention = {
  /** For the job runner: a run every RETENTION_INTERVAL_HOURS; 0 hours leaves it to the CLI. */
  job: Job;
  /** One run now; while one runs in this instance, the call waits for that run instead. */
  run(options: { dryRun: boolean }): Promise<RetentionRun>;
};

/**
 * The retention job as one of the instance's periodic jobs. Its own advisory lock (in `runRetention`)
 * still keeps the CLI and other instances out on PostgreSQL.
 */
export function scheduledRetention(
  options: Omit<RetentionOptions, 'dryRun'> & { intervalHours: number },
): ScheduledRetention {
  const { intervalHours, ...retention } = options;
  let running: Promise<RetentionRun> | null = null;
  const run = ({ dryRun }: { dryRun: boolean }) => {
    running ??= runRetention({ ...retention, dryRun }).finally(() => {
      running = null;
    });
    return running;
  };
  const intervalMs = Math.max(0, intervalHours * 3_600_000);
  return {
    run,
    job: {
      name: RETENTION_JOB,
      intervalMs,
      firstRunAfterMs: Math.min(FIRST_RUN_AFTER_MS, intervalMs),
      run: async () => (await run({ dryRun: false })).counts,
    },
  };
}
