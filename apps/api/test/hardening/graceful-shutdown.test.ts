import { performance } from 'node:perf_hooks';
import { type HttpAnswer, loginOver } from '@maaler/test-support/http-client';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/startup/demo/demo-data.ts';
import { pollUntil } from '../helpers/poll.ts';
import { killStartedServers, startServer } from '../helpers/server-process.ts';
import { createTestStore, type TestStore } from '../helpers/test-store.ts';
import { keyAllocator, type Reading, toPayload } from './helpers/reading-keys.ts';
import { pointsByAccount } from './helpers/user-points.ts';

const REQUESTS = 10;
const READINGS_PER_REQUEST = 200;
const ROUTE = '/api/gateway/manualregisterdeviceitemdata/';

type Outcome = { answer?: HttpAnswer; error?: NodeJS.ErrnoException; at: number };

const arrivedRequests = (output: string) =>
  output.split('\n').filter((line) => line.includes('"msg":"incoming request"') && line.includes(ROUTE))
    .length;

describe('graceful shutdown of the real server', () => {
  let store: TestStore | undefined;
  afterAll(async () => {
    await killStartedServers();
    await store?.dispose();
  });

  it('finishes and stores the requests in flight, refuses new connections, and exits 0 on SIGTERM', async () => {
    store = await createTestStore();
    // Info level logs "incoming request" for each request, which tells when all have arrived.
    const server = await startServer(store, { LOG_LEVEL: 'info' });
    const token = await loginOver(server.baseUrl, 'kunde@eksempel.dk', DEMO_PASSWORD);
    const accounts = [...(await pointsByAccount(server.request, token))].map(([accountId, points]) => ({
      accountId,
      next: keyAllocator(points, '2022-02-01'),
    }));
    const batches = Array.from({ length: REQUESTS }, (_, n) => {
      const account = accounts[n % accounts.length];
      if (!account) throw new Error('no account');
      const readings: Reading[] = Array.from({ length: READINGS_PER_REQUEST }, (_, i) => ({
        ...account.next(),
        value: `${n + 1}.${i + 1}`,
      }));
      return { accountId: account.accountId, readings };
    });

    // Each request arrives whole but for its body's last byte, which is sent only after SIGTERM, so
    // every one of them is in flight while the server shuts down.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered = 0;
    const outcomes = batches.map(
      (batch): Promise<Outcome> =>
        server
          .request({
            method: 'POST',
            path: `${ROUTE}${batch.accountId}`,
            token,
            body: batch.readings.map(toPayload),
            timeoutMs: 30_000,
            holdLastByteUntil: released,
          })
          .then(
            (answer) => {
              answered++;
              return { answer, at: performance.now() };
            },
            (error: NodeJS.ErrnoException) => ({ error, at: performance.now() }),
          ),
    );
    await pollUntil(
      'every request to reach the server',
      () => (arrivedRequests(server.output()) >= REQUESTS ? true : undefined),
      { intervalMs: 2 },
    );
    const inFlight = REQUESTS - answered;
    server.signal('SIGTERM');

    const refusedAt = await pollUntil(
      'a new connection to be refused',
      () =>
        server.request({ method: 'GET', path: '/api/health/live', timeoutMs: 2000 }).then(
          () => undefined,
          (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? performance.now() : undefined),
        ),
      { intervalMs: 2, timeoutMs: 10_000 },
    );
    release();
    const results = await Promise.all(outcomes);
    const exit = await server.exited;
    const finishedAfterRefusal = results.filter((r) => r.at > refusedAt).length;
    console.log(
      `graceful shutdown (${store.kind}): ${inFlight} of ${REQUESTS} requests in flight at SIGTERM, ` +
        `${finishedAfterRefusal} answered after new connections were already refused; exit ${JSON.stringify(exit)}`,
    );

    expect(inFlight).toBe(REQUESTS);
    expect(finishedAfterRefusal).toBe(REQUESTS);
    expect(results.map((r) => r.error?.message ?? r.answer?.status)).toEqual(batches.map(() => 200));
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/"level":50/);

    const handle = store.open();
    try {
      const stored = await handle.db
        .selectFrom('readings')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('date_record', '<', '2026-01-01')
        .executeTakeFirstOrThrow();
      expect(Number(stored.count)).toBe(REQUESTS * READINGS_PER_REQUEST);
    } finally {
      await handle.db.destroy();
    }
  });

  it('closes a connection whose request never completes once the grace period is over, and exits 0', async () => {
    store ??= await createTestStore();
    const server = await startServer(store, { LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '1' });
    const token = await loginOver(server.baseUrl, 'kunde@eksempel.dk', DEMO_PASSWORD);
    const [accountId] = [...(await pointsByAccount(server.request, token)).keys()];
    const stalled = server
      .request({
        method: 'POST',
        path: `${ROUTE}${accountId}`,
        token,
        body: [],
        timeoutMs: 30_000,
        holdLastByteUntil: new Promise<void>(() => {}),
      })
      .then(
        (answer) => `answered ${answer.status}`,
        (error: NodeJS.ErrnoException) => error.code ?? error.message,
      );
    await pollUntil(
      'the stalled request to reach the server',
      () => (arrivedRequests(server.output()) >= 1 ? true : undefined),
      { intervalMs: 2 },
    );
    const signalledAt = performance.now();
    server.signal('SIGTERM');
    const exit = await server.exited;
    const seconds = (performance.now() - signalledAt) / 1000;
    console.log(
      `stalled request at SIGTERM (${store.kind}): ${await stalled}; exit after ${seconds.toFixed(1)} s`,
    );

    expect(exit).toEqual({ code: 0, signal: null });
    expect(await stalled).toBe('ECONNRESET');
    expect(server.output()).toContain('closing connections still open after the grace period');
  });
});
