import fp from 'fastify-plugin';
import { type RetentionRun, runRetention } from '../services/retention/retention-job.ts';
import { retentionRulesWith } from '../services/retention/retention-rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the retention job (ADR 042); the server's timer calls it, tests call it by hand. */
    runRetention(options: { dryRun: boolean }): Promise<RetentionRun>;
  }
}

/** The first run waits this long after start, so a server restarted daily still runs the job. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * The retention job on a timer: `start` (the server) runs it a minute after start and then every
 * RETENTION_INTERVAL_HOURS; 0 hours leaves it to the CLI. One run at a time per instance; the job's
 * advisory lock keeps other instances out on PostgreSQL.
 */
export const retentionJobPlugin = fp<{ start: boolean }>(
  async (app, { start }) => {
    const log = app.log.child({ component: 'retention' });
    const rules = retentionRulesWith(app.photoStore, log);
    let running: Promise<RetentionRun> | null = null;
    let timer: NodeJS.Timeout | null = null;
    const run = ({ dryRun }: { dryRun: boolean }) => {
      running ??= runRetention({
        db: app.db,
        kind: app.dbKind,
        clock: app.clock,
        periods: app.config.retention,
        log,
        dryRun,
        rules,
      }).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('runRetention', run);

    const intervalMs = app.config.retentionIntervalHours * 3_600_000;
    if (!start || intervalMs <= 0) return;
    const tick = (delayMs: number) => {
      timer = setTimeout(() => {
        run({ dryRun: false })
          .catch((err: unknown) => log.error({ err }, 'retention run failed'))
          .finally(() => {
            if (timer) tick(intervalMs);
          });
      }, delayMs);
      timer.unref();
    };
    app.addHook('onReady', async () => tick(Math.min(FIRST_RUN_DELAY_MS, intervalMs)));
    // preClose: before any onClose hook, so a run in progress still has its database.
    app.addHook('preClose', async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    });
  },
  { name: 'retention-job', dependencies: ['app-context', 'database', 'photo-store'] },
);
