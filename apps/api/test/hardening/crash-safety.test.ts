import { loginOver } from '@maaler/test-support/http-client';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/startup/demo/demo-data.ts';
import { pollUntil } from '../helpers/poll.ts';
import { killStartedServers, startServer } from '../helpers/server-process.ts';
import { createTestStore, type TestStore } from '../helpers/test-store.ts';
import { keyAllocator, keyOf, type Reading, toPayload } from './helpers/reading-keys.ts';
import { pointsByAccount } from './helpers/user-points.ts';

const CLIENTS = 4;
/** The server is killed once this many readings have been acknowledged. */
const KILL_AFTER_ACKNOWLEDGED = 80;
/** Bounds each client's loop should the kill never come. */
const MAX_BATCHES_PER_CLIENT = 400;
const FIRST_DATE = '2022-03-01';
/** Every date the test writes lies before this one, apart from the demo history. */
const DATES_BEFORE = '2025-01-01';

describe('crash safety: the real server killed with SIGKILL mid-stream', () => {
  let store: TestStore | undefined;
  afterAll(async () => {
    await killStartedServers();
    await store?.dispose();
  });

  it('keeps every acknowledged reading exactly once, and each batch all or nothing', async () => {
    store = await createTestStore();
    const first = await startServer(store);
    const token = await loginOver(first.baseUrl, 'kunde@eksempel.dk', DEMO_PASSWORD);
    const accounts = [...(await pointsByAccount(first.request, token))].map(([accountId, points]) => ({
      accountId,
      next: keyAllocator(points, FIRST_DATE),
    }));
    expect(accounts.length).toBe(2);

    const acknowledged: Reading[] = [];
    const unanswered: Reading[][] = [];
    const refused: string[] = [];
    let killed = false;
    let written = 0;
    const client = async (clientNo: number) => {
      for (let i = 0; !killed && i < MAX_BATCHES_PER_CLIENT; i++) {
        const account = accounts[(clientNo + i) % accounts.length];
        if (!account) throw new Error('no account');
        const batch: Reading[] = Array.from({ length: 1 + (i % 3) }, () => ({
          ...account.next(),
          value: `${++written}.${clientNo + 1}`,
        }));
        try {
          const answer = await first.request({
            method: 'POST',
            path: `/api/gateway/manualregisterdeviceitemdata/${account.accountId}`,
            token,
            body: batch.map(toPayload),
          });
          if (answer.status === 200) acknowledged.push(...batch);
          else refused.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        } catch {
          unanswered.push(batch);
        }
      }
    };
    const clients = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    await pollUntil('readings to be acknowledged', () =>
      acknowledged.length >= KILL_AFTER_ACKNOWLEDGED ? true : undefined,
    );
    first.signal('SIGKILL');
    killed = true;
    await clients;
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(refused).toEqual([]);

    const second = await startServer(store);
    const handle = store.open();
    try {
      const rows = await handle.db
        .selectFrom('readings')
        .leftJoin('reading_audit', 'reading_audit.reading_id', 'readings.id')
        .select([
          'readings.id',
          'readings.device_item_id',
          'readings.date_record',
          'readings.value',
          'reading_audit.old_value',
          'reading_audit.new_value',
        ])
        .where('readings.date_record', '>=', FIRST_DATE)
        .where('readings.date_record', '<', DATES_BEFORE)
        .execute();
      const stored = new Map<string, typeof rows>();
      for (const row of rows) {
        const key = `${row.device_item_id}|${row.date_record}`;
        stored.set(key, [...(stored.get(key) ?? []), row]);
      }
      const holds = (reading: Reading) => {
        const found = stored.get(keyOf(reading)) ?? [];
        return (
          found.length === 1 &&
          found[0]?.value === reading.value &&
          found[0].old_value === null &&
          found[0].new_value === reading.value
        );
      };

      const lost = acknowledged.filter((reading) => !stored.has(keyOf(reading))).length;
      const wrong = acknowledged.filter((reading) => stored.has(keyOf(reading)) && !holds(reading));
      const duplicated = [...stored.values()].filter((found) => found.length > 1).length;
      const committedAnyway = unanswered.filter((batch) => batch.every(holds)).length;
      const partial = unanswered.filter(
        (batch) => !batch.every(holds) && batch.some((r) => stored.has(keyOf(r))),
      );
      const known = new Set([...acknowledged, ...unanswered.flat()].map(keyOf));
      const strangers = [...stored.keys()].filter((key) => !known.has(key));
      console.log(
        `crash safety (${store.kind}): acknowledged=${acknowledged.length} stored=${acknowledged.length - lost - wrong.length} ` +
          `lost=${lost} duplicated=${duplicated}; batches in flight at the kill=${unanswered.length} ` +
          `(committed whole=${committedAnyway}, partial=${partial.length})`,
      );
      expect(lost).toBe(0);
      expect(wrong).toEqual([]);
      expect(duplicated).toBe(0);
      expect(partial).toEqual([]);
      expect(strangers).toEqual([]);

      const account = accounts[0];
      if (!account) throw new Error('no account');
      const after = await second.request({
        method: 'POST',
        path: `/api/gateway/manualregisterdeviceitemdata/${account.accountId}`,
        token,
        body: [toPayload({ ...account.next(), value: '1' })],
      });
      expect(after.status).toBe(200);
      second.signal('SIGTERM');
      expect(await second.exited).toEqual({ code: 0, signal: null });

      if (store.kind === 'sqlite') {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(handle.db);
        expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      }
    } finally {
      await handle.db.destroy();
    }
  });
});
