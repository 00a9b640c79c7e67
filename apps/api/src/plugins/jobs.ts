import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from '../services/jobs/job-runner.ts';
import { sendDueReminders } from '../services/selfreading/reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs (ADR 044); tests call `runOnce(name)` instead of waiting for a timer. */
    jobs: JobRunner;
  }
}

/** The job that sends `Påmindelse` e-mails (ADR 044). */
export const REMINDER_JOB = 'self-reading-reminders';

/**
 * The instance's periodic jobs. `start` runs their timers (the server); without it a job runs only
 * when `runOnce` is called.
 */
export const jobsPlugin = fp<{ start: boolean }>(
  async (app, { start }) => {
    const { reminders } = app.config;
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
      ],
    });
    app.decorate('jobs', runner);
    if (start) app.addHook('onReady', async () => runner.start());
    // preClose: before any onClose hook, so a run in progress still has its database.
    app.addHook('preClose', () => runner.stop());
  },
  { name: 'jobs', dependencies: ['app-context', 'database', 'write-transactions'] },
);
