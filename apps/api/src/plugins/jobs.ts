import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from '../services/jobs/job-runner.ts';
import type { RetentionRun } from '../services/retention/retention-job.ts';
import { retentionRulesWith } from '../services/retention/retention-rules.ts';
import { scheduledRetention } from '../services/retention/retention-schedule.ts';
import { sendDueReminders } from '../services/selfreading/reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs (ADR 044); tests call `runOnce(name)` instead of waiting for a timer. */
    jobs: JobRunner;
    /** One run of the retention job (ADR 042); its timer is the job runner's, tests call it by hand. */
    runRetention(options: { dryRun: boolean }): Promise<RetentionRun>;
  }
}

/** The job that sends `Påmindelse` e-mails (ADR 044). */
export const REMINDER_JOB = 'self-reading-reminders';

/**
 * The instance's periodic jobs on one runner: the reminders and the retention job. `start` runs their
 * timers (the server); without it a job runs only when `runOnce` is called.
 */
export const jobsPlugin = fp<{ start: boolean }>(
  async (app, { start }) => {
    const { reminders } = app.config;
    const retentionLog = app.log.child({ component: 'retention' });
    const retention = scheduledRetention({
      db: app.db,
      kind: app.dbKind,
      clock: app.clock,
      periods: app.config.retention,
      log: retentionLog,
      rules: retentionRulesWith(app.photoStore, retentionLog),
      intervalHours: app.config.retentionIntervalHours,
    });
    const runner = createJobRunner({
      db: app.db,
      kind: app.dbKind,
      log: app.log.child({ component: 'jobs' }),
      jobs: [
        {
          name: REMINDER_JOB,
          intervalMs: reminders.checkIntervalSeconds * 1000,
          run: () =>
            sendDueReminders({
              db: app.db,
              clock: app.clock,
              publicUrl: app.config.publicUrl,
              daysBeforeDeadline: reminders.daysBeforeDeadline,
              write: (work) => app.writeTransaction(work),
            }),
        },
        retention.job,
      ],
    });
    app.decorate('jobs', runner);
    app.decorate('runRetention', retention.run);
    if (start) app.addHook('onReady', async () => runner.start());
    // preClose: before any onClose hook, so a run in progress still has its database.
    app.addHook('preClose', () => runner.stop());
  },
  { name: 'jobs', dependencies: ['app-context', 'database', 'write-transactions', 'photo-store'] },
);
