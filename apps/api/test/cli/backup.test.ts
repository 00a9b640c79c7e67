import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayTree, LoginResponse } from '@maaler/contract';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/db/engine/connection.ts';
import { killStartedServers, type ServerProcess, startServer } from '../helpers/server-process.ts';
import { cliEnv, runCliProcess } from './cli-process.ts';

const XSRF = 'backup-test-xsrf-token-0123456789';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type Point = { accountId: string; gatewayId: number; deviceId: number; deviceItemId: number };
type Written = { index: number; deviceItemId: number; isoDate: string; storedValue: string };

/** Calls the API as the app does: bearer token plus the double-submit XSRF pair. */
async function call<T = unknown>(
  server: ServerProcess,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function stopGracefully(server: ServerProcess): Promise<number | null> {
  server.signal('SIGTERM');
  return (await server.exited).code;
}

/** The measurement points a demo user reaches, from the API itself. */
async function pointsOf(server: ServerProcess, email: string): Promise<{ token: string; points: Point[] }> {
  const login = await call<LoginResponse>(server, '/api/authenticate/userauthenticate/v2', {
    body: { email, password: 'demo1234', rememberme: false, area: 9 },
  });
  const token = login.body.Token ?? '';
  const points: Point[] = [];
  for (const accountId of String(login.body.Claims?.accountList).split(',')) {
    const tree = await call<GatewayTree>(server, `/api/gateway/loadlistsimple/${accountId}`, { token });
    for (const gateway of tree.body) {
      for (const device of gateway.DeviceList) {
        for (const item of device.DeviceItemList) {
          points.push({
            accountId,
            gatewayId: gateway.GatewayId,
            deviceId: device.DeviceId,
            deviceItemId: item.DeviceItemId,
          });
        }
      }
    }
  }
  return { token, points };
}

/** Reading number i: its own (point, date) pair, so no later write can replace an earlier one. */
function readingNumber(points: Point[], index: number) {
  const point = points[index % points.length] as Point;
  const day = new Date(Date.UTC(2022, 1, 1 + Math.floor(index / points.length)));
  const isoDate = day.toISOString().slice(0, 10);
  const [year, month, date] = isoDate.split('-');
  return {
    point,
    isoDate,
    usDate: `${month}/${date}/${year}`,
    wireValue: `${1000 + index},5`,
    stored: `${1000 + index}.5`,
  };
}

describe.skipIf(onPostgres)(
  'npm run cli -- backup / restore (SQLite only: skipped when TEST_DATABASE_URL selects PostgreSQL, whose backups are pg_dump’s job)',
  () => {
    const folders: string[] = [];
    const newFolder = () => {
      const dir = mkdtempSync(join(tmpdir(), 'maaler-backup-'));
      folders.push(dir);
      return dir;
    };
    afterAll(async () => {
      await killStartedServers();
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    });

    it('copies the live database while readings keep arriving, and restores every reading acknowledged before', {
      timeout: 180_000,
    }, async () => {
      const liveDir = newFolder();
      const backupFile = join(newFolder(), 'maaler-backup.sqlite');
      const server = await startServer({ dataDir: liveDir, databaseUrl: undefined });
      const { token, points } = await pointsOf(server, 'kunde@eksempel.dk');
      expect(points.length).toBeGreaterThan(2);

      // One writer, one request at a time: the acknowledged readings form a numbered sequence.
      const acknowledged: Written[] = [];
      let sent = 0;
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const index = sent++;
          const reading = readingNumber(points, index);
          const res = await call(
            server,
            `/api/gateway/manualregisterdeviceitemdata/${reading.point.accountId}`,
            {
              token,
              body: [
                {
                  gatewayId: reading.point.gatewayId,
                  deviceId: reading.point.deviceId,
                  deviceItemId: reading.point.deviceItemId,
                  dateRecord: reading.usDate,
                  value: reading.wireValue,
                },
              ],
            },
          );
          if (res.status !== 200)
            throw new Error(`reading ${index} answered ${res.status}: ${JSON.stringify(res.body)}`);
          acknowledged.push({
            index,
            deviceItemId: reading.point.deviceItemId,
            isoDate: reading.isoDate,
            storedValue: reading.stored,
          });
        }
      })();
      const waitForAcknowledged = async (count: number) => {
        while (acknowledged.length < count) await new Promise((r) => setTimeout(r, 20));
      };

      let restoredDir = '';
      let beforeBackup: Written[] = [];
      let duringBackup = 0;
      try {
        await waitForAcknowledged(50);
        beforeBackup = [...acknowledged];
        const backup = await runCliProcess(['backup', backupFile], cliEnv(liveDir));
        duringBackup = acknowledged.length - beforeBackup.length;
        expect(backup, backup.stderr).toMatchObject({
          code: 0,
          stdout: expect.stringMatching(/^Backed up /),
        });
        expect(backup.stdout).toMatch(/integrity check ok/);
        await waitForAcknowledged(acknowledged.length + 20);

        // While the server holds the database, restore refuses and changes nothing.
        const refused = await runCliProcess(['restore', backupFile], cliEnv(liveDir));
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/is in use \(is the server still running\?\)/);
        expect((await call(server, '/api/health/ready')).status).toBe(200);
      } finally {
        writing = false;
        await writer;
        expect(await stopGracefully(server)).toBe(0);
      }

      restoredDir = newFolder();
      const restore = await runCliProcess(['restore', backupFile], cliEnv(restoredDir));
      expect(restore, restore.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Restored /) });

      const restored = new SQLite(join(restoredDir, SQLITE_FILE_NAME), {
        readonly: true,
        fileMustExist: true,
      });
      const storedValueOf = restored.prepare<[number, string], { value: string }>(
        'select value from readings where device_item_id = ? and date_record = ?',
      );
      const found = (w: Written) => storedValueOf.get(w.deviceItemId, w.isoDate)?.value === w.storedValue;
      const foundBefore = beforeBackup.filter(found).length;
      // One snapshot of a sequential writer is a prefix of its writes: no gaps, nothing half-written.
      const present = acknowledged.map(found);
      const snapshotLength = present.indexOf(false) === -1 ? present.length : present.indexOf(false);
      const afterPrefix = present.slice(snapshotLength).filter(Boolean).length;
      restored.close();

      console.info(
        `backup test: ${acknowledged.length} readings acknowledged in all; ${beforeBackup.length} before the backup ` +
          `began, ${duringBackup} while it ran; the restored copy holds ${snapshotLength} of them ` +
          `(${foundBefore} of the ${beforeBackup.length} acknowledged before the backup)`,
      );
      expect(foundBefore).toBe(beforeBackup.length);
      expect(afterPrefix).toBe(0);
      expect(snapshotLength).toBeLessThan(acknowledged.length);
      expect(duringBackup).toBeGreaterThan(0);

      // The restored folder is a working installation.
      const again = await startServer({ dataDir: restoredDir, databaseUrl: undefined });
      try {
        expect((await call(again, '/api/health/ready')).status).toBe(200);
        const { points: restoredPoints } = await pointsOf(again, 'kunde@eksempel.dk');
        expect(restoredPoints).toEqual(points);
      } finally {
        await stopGracefully(again);
      }
      expect(existsSync(join(restoredDir, `${SQLITE_FILE_NAME}-journal`))).toBe(false);
    });
  },
);
