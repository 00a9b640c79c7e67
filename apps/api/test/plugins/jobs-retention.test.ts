import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { RETENTION_JOB } from '../../src/services/retention/retention-schedule.ts';
import { capturedLog } from '../helpers/captured-log.ts';
import { pollUntil } from '../helpers/poll.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The retention job (ADR 042) on the server's one job runner (ADR 044), on a second app over the test app's database. */
describe('retention job on the job runner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const serverWith = async (retentionIntervalHours: number) => {
    const log = capturedLog();
    const app = await buildApp({
      config: { ...t.config, retentionIntervalHours },
      database: t.database,
      closeDatabase: false,
      logger: log.logger,
      runJobs: true,
    });
    await app.ready();
    return { app, runs: () => log.events('retention.run') };
  };

  it('runs the job on its interval in the server, and stops when the server closes', async () => {
    // 0.0002 hours: 720 ms, so the first run (after the interval, at most a minute) comes soon.
    const server = await serverWith(0.0002);
    await pollUntil('two runs', () => (server.runs().length >= 2 ? true : undefined));
    expect(server.runs()[0]).toMatchObject({ dryRun: false, skipped: false });
    await server.app.close();
    const afterClose = server.runs().length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.runs()).toHaveLength(afterClose);
  });

  it('never runs it with RETENTION_INTERVAL_HOURS=0', async () => {
    const server = await serverWith(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.app.close();
    expect(server.runs()).toEqual([]);
  });

  it('is one of the runner’s jobs: runOnce runs it as the timer would', async () => {
    const server = await serverWith(0);
    try {
      const outcome = await server.app.jobs.runOnce(RETENTION_JOB);
      expect(outcome.ran).toBe(true);
      expect(server.runs()).toHaveLength(1);
      expect(server.runs()[0]).toMatchObject({ dryRun: false, skipped: false });
    } finally {
      await server.app.close();
    }
  });
});
