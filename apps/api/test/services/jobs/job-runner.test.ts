import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/engine/connection.ts';
import { createJobRunner, type Job } from '../../../src/services/jobs/job-runner.ts';
import { createTestStore, onPostgres, type TestStore } from '../../helpers/test-store.ts';

/** A job that runs until released, counting its runs. */
function heldJob(name = 'held') {
  let release: () => void = () => undefined;
  const job = {
    runs: 0,
    release: () => release(),
    job: {
      name,
      intervalMs: 20,
      run: async () => {
        job.runs += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { done: 1 };
      },
    } satisfies Job,
  };
  return job;
}

const silent = { info: () => undefined, error: () => undefined };

describe('the job runner', () => {
  let store: TestStore | undefined;
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.db.destroy();
    await store?.dispose();
    store = undefined;
  });
  const open = async () => {
    store ??= await createTestStore();
    const handle = store.open();
    handles.push(handle);
    return handle;
  };

  it('runs a job once at a time per instance: a second call waits for the run in progress', async () => {
    const { db, kind } = await open();
    const held = heldJob();
    const runner = createJobRunner({ db, kind, log: silent, jobs: [held.job] });
    const first = runner.runOnce('held');
    const second = runner.runOnce('held');
    // Released once it runs: on a loaded PostgreSQL the lock can take longer than any fixed wait.
    for (let wait = 0; wait < 500 && held.runs === 0; wait++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    held.release();
    expect(await Promise.all([first, second])).toEqual([
      { ran: true, result: { done: 1 } },
      { ran: true, result: { done: 1 } },
    ]);
    expect(held.runs).toBe(1);
  });

  it('runs on its timer once started, logs a failure and goes on, and stop waits for the run', async () => {
    const { db, kind } = await open();
    const errors: unknown[] = [];
    let runs = 0;
    const runner = createJobRunner({
      db,
      kind,
      log: {
        info: () => undefined,
        error: (details: object) => errors.push((details as { err: Error }).err.message),
      },
      jobs: [
        {
          name: 'flaky',
          intervalMs: 10,
          run: async () => {
            runs += 1;
            if (runs === 1) throw new Error('first run fails');
            return { done: 1 };
          },
        },
      ],
    });
    runner.start();
    for (let wait = 0; wait < 200 && runs < 3; wait++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await runner.stop();
    const afterStop = runs;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(afterStop).toBeGreaterThanOrEqual(3);
    expect(runs).toBe(afterStop);
    expect(errors, JSON.stringify(errors.map(String))).toHaveLength(1);
  });

  it('waits firstRunAfterMs for a job’s first run, and leaves a job with interval 0 to runOnce', async () => {
    const { db, kind } = await open();
    const runs: string[] = [];
    const job = (name: string, intervalMs: number, firstRunAfterMs?: number): Job => ({
      name,
      intervalMs,
      ...(firstRunAfterMs === undefined ? {} : { firstRunAfterMs }),
      run: async () => {
        runs.push(name);
        return { done: 1 };
      },
    });
    const runner = createJobRunner({
      db,
      kind,
      log: silent,
      jobs: [job('soon', 60_000, 10), job('by-hand', 0)],
    });
    runner.start();
    for (let wait = 0; wait < 200 && runs.length === 0; wait++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await runner.stop();
    expect(runs).toEqual(['soon']);
    expect(await runner.runOnce('by-hand')).toEqual({ ran: true, result: { done: 1 } });
  });

  it.skipIf(!onPostgres())(
    'lets one instance run a job at a time on PostgreSQL: the other skips while the lock is held',
    async () => {
      const a = await open();
      const b = await open();
      const onA = heldJob('shared');
      const onB = heldJob('shared');
      const runnerA = createJobRunner({ db: a.db, kind: a.kind, log: silent, jobs: [onA.job] });
      const runnerB = createJobRunner({ db: b.db, kind: b.kind, log: silent, jobs: [onB.job] });
      const running = runnerA.runOnce('shared');
      for (let wait = 0; wait < 200 && onA.runs === 0; wait++) await new Promise((r) => setTimeout(r, 10));
      expect(await runnerB.runOnce('shared')).toEqual({ ran: false });
      onA.release();
      expect(await running).toEqual({ ran: true, result: { done: 1 } });
      // Released with its run: B takes it now.
      const next = runnerB.runOnce('shared');
      for (let wait = 0; wait < 200 && onB.runs === 0; wait++) await new Promise((r) => setTimeout(r, 10));
      onB.release();
      expect(await next).toEqual({ ran: true, result: { done: 1 } });
    },
  );
});
