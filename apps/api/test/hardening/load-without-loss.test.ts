import { performance } from 'node:perf_hooks';
import type { HttpAnswer, HttpRequest } from '@maaler/test-support/http-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../helpers/test-app.ts';
import { injectSender } from './helpers/inject-sender.ts';
import { keyAllocator, keyOf, type Point, type Reading, toPayload } from './helpers/reading-keys.ts';
import { pointsByAccount } from './helpers/user-points.ts';

const CLIENTS = 8;
const REQUESTS_PER_CLIENT = 25;
/** (point, date) pairs per account that every client of that account keeps overwriting. */
const SHARED_KEYS_PER_ACCOUNT = 3;
const PRIVATE_FROM = '2023-01-01';
const SHARED_FROM = '2024-06-01';
const RANGE_END = '2025-01-01';

type Write = Reading & { userId: string; start: number; end: number; status: number };

describe(`load: ${CLIENTS} clients × ${REQUESTS_PER_CLIENT} batches at once`, () => {
  let t: TestApp;
  let send: (request: HttpRequest) => Promise<HttpAnswer>;
  const users: { id: string; token: string }[] = [];
  let accounts: {
    accountId: string;
    nextPrivate: () => { point: Point; isoDate: string };
    shared: { point: Point; isoDate: string }[];
  }[];

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(new Date('2026-11-22T10:00:00Z')) });
    send = injectSender(t);
    for (const email of ['kunde@eksempel.dk', 'admin@eksempel.dk']) {
      users.push({ id: await userIdOf(t.database.db, email), token: await t.login(email) });
    }
    const points = await pointsByAccount(send, users[0]?.token ?? '');
    accounts = [...points].map(([accountId, list]) => {
      const sharedKeys = keyAllocator(list, SHARED_FROM);
      return {
        accountId,
        nextPrivate: keyAllocator(list, PRIVATE_FROM),
        shared: Array.from({ length: SHARED_KEYS_PER_ACCOUNT }, () => sharedKeys()),
      };
    });
  });
  afterAll(async () => t.close());

  it('stores the last acknowledged value of every point and date, with an unbroken audit chain', async () => {
    const writes: Write[] = [];
    const client = async (clientNo: number) => {
      const user = users[clientNo % users.length];
      const account = accounts[clientNo % accounts.length];
      if (!user || !account) throw new Error('no user or account');
      for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
        const value = `${(clientNo + 1) * 1000 + i}.5`;
        const shared = account.shared[(clientNo + i) % SHARED_KEYS_PER_ACCOUNT];
        if (!shared) throw new Error('no shared key');
        const batch: Reading[] = [
          { ...account.nextPrivate(), value },
          { ...shared, value },
        ];
        const start = performance.now();
        const answer = await send({
          method: 'POST',
          path: `/api/gateway/manualregisterdeviceitemdata/${account.accountId}`,
          token: user.token,
          body: batch.map(toPayload),
        });
        const end = performance.now();
        for (const reading of batch)
          writes.push({ ...reading, userId: user.id, start, end, status: answer.status });
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const elapsed = Math.round(performance.now() - began);
    expect(writes.filter((w) => w.status !== 200)).toEqual([]);

    const db = t.database.db;
    const readings = await db
      .selectFrom('readings')
      .select(['id', 'device_item_id', 'date_record', 'value', 'registered_by'])
      .where('date_record', '>=', PRIVATE_FROM)
      .where('date_record', '<', RANGE_END)
      .execute();
    const audit = await db
      .selectFrom('reading_audit')
      .select(['id', 'reading_id', 'old_value', 'new_value', 'changed_by'])
      .where('reading_id', 'in', readings.length > 0 ? readings.map((r) => r.id) : [-1])
      .orderBy('id')
      .execute();

    const writesByKey = new Map<string, Write[]>();
    for (const write of writes)
      writesByKey.set(keyOf(write), [...(writesByKey.get(keyOf(write)) ?? []), write]);
    const storedKeys = readings.map((r) => `${r.device_item_id}|${r.date_record}`);
    expect(storedKeys.length, 'one stored reading per point and date').toBe(new Set(storedKeys).size);
    expect(new Set(storedKeys)).toEqual(new Set(writesByKey.keys()));

    for (const reading of readings) {
      const key = `${reading.device_item_id}|${reading.date_record}`;
      const keyWrites = writesByKey.get(key) ?? [];
      const chain = audit.filter((entry) => entry.reading_id === reading.id);
      // Every acknowledged value appears exactly once, in the order the database applied them.
      expect(chain.map((e) => e.new_value).sort(), key).toEqual(keyWrites.map((w) => w.value).sort());
      expect(chain[0]?.old_value, key).toBeNull();
      for (let i = 1; i < chain.length; i++) expect(chain[i]?.old_value, key).toBe(chain[i - 1]?.new_value);
      expect(chain.at(-1)?.new_value, key).toBe(reading.value);

      const position = new Map(chain.map((entry, index) => [entry.new_value, index]));
      for (const entry of chain) {
        expect(keyWrites.find((w) => w.value === entry.new_value)?.userId, key).toBe(entry.changed_by);
      }
      // A write acknowledged before another was sent must come first: the last acknowledged value wins.
      for (const a of keyWrites) {
        for (const b of keyWrites) {
          if (a.end < b.start) expect(position.get(a.value), key).toBeLessThan(position.get(b.value) ?? -1);
        }
      }
      const final = keyWrites.find((w) => w.value === reading.value);
      expect(
        keyWrites.some((w) => final && final.end < w.start),
        key,
      ).toBe(false);
    }
    console.log(
      `load (${t.database.kind}): ${CLIENTS}×${REQUESTS_PER_CLIENT} batches, ${writes.length} readings acknowledged ` +
        `on ${writesByKey.size} points/dates in ${elapsed} ms; stored=${readings.length} lost=0 duplicated=0 audit entries=${audit.length}`,
    );
  });
});
