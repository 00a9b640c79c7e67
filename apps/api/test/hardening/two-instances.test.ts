import { GatewayTree, isoDateInCopenhagen } from '@maaler/contract';
import { loginOver } from '@maaler/test-support/http-client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.ts';
import { DEMO_PASSWORD } from '../../src/startup/demo/demo-data.ts';
import { killStartedServers, type ServerProcess, startServer } from '../helpers/server-process.ts';
import { createTestStore, onPostgres, type TestStore } from '../helpers/test-store.ts';
import { keyAllocator, pointsOfTree, type Reading, toPayload } from './helpers/reading-keys.ts';
import { pointsByAccount } from './helpers/user-points.ts';

const ROUTE = '/api/gateway/manualregisterdeviceitemdata/';
const READING_REQUESTS = 20;

const countLines = (output: string, message: string) =>
  output.split('\n').filter((line) => line.includes(`"msg":"${message}"`)).length;

describe.skipIf(!onPostgres())(
  'two API instances on one PostgreSQL database (PostgreSQL only: one SQLite file is never shared by several processes, see ADR 005)',
  () => {
    let store: TestStore;
    let a: ServerProcess;
    let b: ServerProcess;
    let token: string;

    beforeAll(async () => {
      store = await createTestStore();
      // Both start at once on an empty database; info level shows who migrated and who seeded.
      [a, b] = await Promise.all([
        startServer(store, { LOG_LEVEL: 'info' }),
        startServer(store, { LOG_LEVEL: 'info' }),
      ]);
      token = await loginOver(a.baseUrl, 'kunde@eksempel.dk', DEMO_PASSWORD);
    });
    afterAll(async () => {
      await killStartedServers();
      await store?.dispose();
    });

    it('both come up on an empty database, which is migrated and seeded exactly once', async () => {
      const output = a.output() + b.output();
      expect(countLines(output, 'database migrated')).toBe(1);
      expect(countLines(output, 'demo data seeded')).toBe(1);
      const handle = store.open();
      try {
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          handle.db,
        );
        expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
        const users = await handle.db.selectFrom('users').select('email').execute();
        expect(users).toHaveLength(5);
      } finally {
        await handle.db.destroy();
      }
    });

    it('stores every reading sent alternately to both instances, with tokens valid on both', async () => {
      const accounts = [...(await pointsByAccount(b.request, token))].map(([accountId, points]) => ({
        accountId,
        next: keyAllocator(points, '2023-01-01'),
      }));
      const sent: Reading[] = [];
      const answers = await Promise.all(
        Array.from({ length: READING_REQUESTS }, (_, n) => {
          const account = accounts[n % accounts.length];
          if (!account) throw new Error('no account');
          const reading = { ...account.next(), value: `${n + 1}.5` };
          sent.push(reading);
          return (n % 2 === 0 ? a : b).request({
            method: 'POST',
            path: `${ROUTE}${account.accountId}`,
            token,
            body: [toPayload(reading)],
          });
        }),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const handle = store.open();
      try {
        const stored = await handle.db
          .selectFrom('readings')
          .select(['device_item_id', 'date_record', 'value'])
          .where('date_record', '>=', '2023-01-01')
          .where('date_record', '<', '2024-01-01')
          .execute();
        expect(new Set(stored.map((r) => `${r.device_item_id}|${r.date_record}|${r.value}`))).toEqual(
          new Set(sent.map((r) => `${r.point.deviceItemId}|${r.isoDate}|${r.value}`)),
        );
      } finally {
        await handle.db.destroy();
      }
    });

    it('shares brute-force counters: locked out through A means 429 on B, even with the right password', async () => {
      const attempt = (server: ServerProcess, password: string) =>
        server.request({
          method: 'POST',
          path: '/api/authenticate/userauthenticate/v2',
          body: { email: 'ny@eksempel.dk', password, rememberme: false, area: 9 },
        });
      for (let i = 0; i < 5; i++) expect((await attempt(a, 'wrong-password')).status).toBe(200);
      const onB = await attempt(b, 'demo1234');
      expect(onB.status).toBe(429);
      expect(onB.body).toEqual({ Message: expect.any(String) });
    });

    it('counts parallel guesses over both instances atomically: no more than the limit are checked', async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          (n % 2 === 0 ? a : b).request({
            method: 'POST',
            path: '/api/authenticate/userauthenticate/v2',
            body: { email: 'tekniker@eksempel.dk', password: 'wrong-password', rememberme: false, area: 9 },
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(35);
    });

    it('ends a session on both instances when it logs out on one', async () => {
      const session = await loginOver(a.baseUrl, 'admin@eksempel.dk', DEMO_PASSWORD);
      const loadCurrent = (server: ServerProcess) =>
        server.request({ method: 'GET', path: '/api/user/loadcurrent', token: session });
      expect((await loadCurrent(b)).status).toBe(200);
      expect(
        (await a.request({ method: 'POST', path: '/api/authenticate/logout', token: session })).status,
      ).toBe(200);
      expect((await loadCurrent(b)).status).toBe(401);
      expect((await loadCurrent(a)).status).toBe(401);
    });

    it('shows a reading stored through one instance in the very next tree read on the other, cache or not', async () => {
      const [accountId] = [...(await pointsByAccount(a.request, token)).keys()];
      if (!accountId) throw new Error('no account');
      const treeOn = async (server: ServerProcess) => {
        const answer = await server.request({
          method: 'GET',
          path: `/api/gateway/loadlistsimple/${accountId}`,
          token,
        });
        expect(answer.status).toBe(200);
        return GatewayTree.parse(answer.body);
      };
      const itemOf = (tree: GatewayTree, deviceItemId: number) =>
        tree
          .flatMap((g) => g.DeviceList.flatMap((d) => d.DeviceItemList))
          .find((i) => i.DeviceItemId === deviceItemId);
      const first = await treeOn(a);
      const point = pointsOfTree(accountId, first)[0];
      if (!point) throw new Error('no point');
      const today = isoDateInCopenhagen();
      let value = Math.ceil(Number(itemOf(first, point.deviceItemId)?.LastValue?.replace(',', '.') ?? '0'));

      for (const [writer, reader] of [
        [a, b],
        [b, a],
        [a, b],
        [b, a],
      ] as const) {
        // The reader's answer is cached: the same tree twice without a write between.
        expect(await treeOn(reader)).toEqual(await treeOn(reader));
        value += 1;
        const stored = await writer.request({
          method: 'POST',
          path: `${ROUTE}${accountId}`,
          token,
          body: [toPayload({ point, isoDate: today, value: `${value}.5` })],
        });
        expect(stored.status).toBe(200);
        const item = itemOf(await treeOn(reader), point.deviceItemId);
        expect({ value: item?.LastValue, date: item?.LastDateValue }).toEqual({
          value: `${value},5`,
          date: today,
        });
      }
    });

    it('replays an Idempotency-Key answer on the other instance without writing again', async () => {
      const accounts = [...(await pointsByAccount(a.request, token))];
      const [accountId, points] = accounts[0] ?? [];
      if (!accountId || !points) throw new Error('no account');
      const next = keyAllocator(points, '2024-01-01');
      const body = [toPayload({ ...next(), value: '42.5' }), toPayload({ ...next(), value: '43.5' })];
      const post = (server: ServerProcess) =>
        server.request({
          method: 'POST',
          path: `${ROUTE}${accountId}`,
          token,
          body,
          headers: { 'idempotency-key': 'two-instances-key' },
        });
      const auditCount = async () => {
        const handle = store.open();
        try {
          const row = await handle.db
            .selectFrom('reading_audit')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow();
          return Number(row.n);
        } finally {
          await handle.db.destroy();
        }
      };

      const first = await post(a);
      expect(first).toEqual({ status: 200, body: { Success: true, Message: '', Count: 2 } });
      const before = await auditCount();
      const replay = await post(b);
      expect(replay).toEqual(first);
      expect(await auditCount()).toBe(before);

      // The same new key on both at once: one runs, the other waits for it and replays its answer.
      const raced = [toPayload({ ...next(), value: '44.5' })];
      const both = await Promise.all(
        [a, b].map((server) =>
          server.request({
            method: 'POST',
            path: `${ROUTE}${accountId}`,
            token,
            body: raced,
            headers: { 'idempotency-key': 'two-instances-race' },
          }),
        ),
      );
      expect(both[0]).toEqual({ status: 200, body: { Success: true, Message: '', Count: 1 } });
      expect(both[1]).toEqual(both[0]);
      expect(await auditCount()).toBe(before + 1);
    });
  },
);
