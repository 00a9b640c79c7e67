import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { DatabaseKind } from '../../db/engine/connection.ts';
import { withAdvisoryLock } from '../../db/repositories/job-locks.ts';
import type { Database } from '../../db/schema.ts';

/** A piece of periodic work: what the reminders and the retention job are. */
export type Job = {
  /** Unique; names the job in logs and, hashed, its lock. */
  name: string;
  /** 0: never on a timer, only when `runOnce` is called (e.g. RETENTION_INTERVAL_HOURS=0). */
  intervalMs: number;
  /** The first run after `start` waits this long (default: one interval), so a daily job still runs in a server restarted daily. */
  firstRunAfterMs?: number;
  /** Its answer is logged when it did something; it must be safe to run again after a crash. */
  run(): Promise<Record<string, number>>;
};

/** `ran: false`: another instance held the job's lock (PostgreSQL), so this one did nothing. */
export type JobOutcome = { ran: true; result: Record<string, number> } | { ran: false };

export type JobRunner = {
  /** Runs the job now, unless it runs in this instance already (then waits for that run). */
  runOnce(name: string): Promise<JobOutcome>;
  /** Runs every job with an interval on its own unref'd timer until stopped. */
  start(): void;
  /** Stops the timers and waits for the runs in progress. */
  stop(): Promise<void>;
};

/** The lock's key: a job's name as a signed 64-bit number, the same in every instance. */
const lockKey = (name: string): bigint =>
  createHash('sha256').update(`maaler-job:${name}`).digest().readBigInt64BE(0);

/**
 * Runs periodic jobs in one API instance: one run of a job at a time per instance, and on PostgreSQL
 * one at a time across all instances (a session advisory lock per job; an instance that finds it held
 * skips that tick). SQLite is one process's file (ADR 005), so the instance's own guard is enough.
 */
export function createJobRunner(options: {
  db: Kysely<Database>;
  kind: DatabaseKind;
  log: Pick<BaseLogger, 'info' | 'error'>;
  jobs: Job[];
}): JobRunner {
  const { db, kind, log } = options;
  const jobs = new Map(options.jobs.map((job) => [job.name, job]));
  const running = new Map<string, Promise<JobOutcome>>();
  const timers = new Set<NodeJS.Timeout>();
  let started = false;

  const runLocked = async (job: Job): Promise<JobOutcome> => {
    if (kind === 'sqlite') return { ran: true, result: await job.run() };
    const outcome = await withAdvisoryLock(db, lockKey(job.name), () => job.run());
    return outcome.ran ? { ran: true, result: outcome.value } : { ran: false };
  };

  const runOnce = (name: string): Promise<JobOutcome> => {
    const job = jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job named ${name}`));
    const current =
      running.get(name) ??
      runLocked(job).finally(() => {
        running.delete(name);
      });
    running.set(name, current);
    return current;
  };

  const tick = (job: Job) => {
    // A run still going when the next tick comes is that tick's run; it is logged once, by its own tick.
    if (running.has(job.name)) return;
    runOnce(job.name).then(
      (outcome) => {
        if (outcome.ran && Object.values(outcome.result).some((count) => count > 0)) {
          log.info({ job: job.name, ...outcome.result }, 'job ran');
        }
      },
      (err: unknown) => log.error({ err, job: job.name }, 'job failed'),
    );
  };

  const schedule = (job: Job, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      tick(job);
      schedule(job, job.intervalMs);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  return {
    runOnce,
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) {
        if (job.intervalMs > 0) schedule(job, job.firstRunAfterMs ?? job.intervalMs);
      }
    },
    async stop() {
      started = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}
