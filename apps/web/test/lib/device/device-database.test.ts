// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { keepCopy, readCopy } from '@/lib/device/device-copies';
import { DEVICE_DATABASE_NAME, deviceDatabase, openDeviceDatabase } from '@/lib/device/device-database';
import { readOfflineSignInEntry } from '@/lib/device/offline-sign-in-store';
import { deviceQueue } from '@/lib/device/reading-queue/device-queue';
import { readingBatch } from '@/lib/device/reading-send';

describe('the device database', () => {
  it('keeps the SENDs and copies of an earlier version when it gains the store of kept skips', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const older = await openDB(name, 2, {
      upgrade(db) {
        db.createObjectStore('sends', { keyPath: 'id' }).createIndex('by-user', 'userId');
        db.createObjectStore('copies', { keyPath: 'key' });
      },
    });
    await older.put('sends', { id: 's1', userId: 'anna' });
    await older.put('copies', { key: 'anna|a|gateway-tree', value: [], savedAt: 1 });
    older.close();

    const db = await openDeviceDatabase(name);

    expect([...db.objectStoreNames].sort()).toEqual([
      'copies',
      'offline-sign-in',
      'photos',
      'sends',
      'skips',
    ]);
    expect(await db.getAllFromIndex('sends', 'by-user', 'anna')).toEqual([{ id: 's1', userId: 'anna' }]);
    expect(await db.count('copies')).toBe(1);
    expect(await db.getAllFromIndex('skips', 'by-user', 'anna')).toEqual([]);
    db.close();
  });

  it("reads and sends the SENDs a reader's phone kept before, from the same database, version and stores", async () => {
    // A SEND as the app kept it before the device's code moved (and before reading sources: no
    // `enteredOffline`), written straight into the database under its name and version.
    const older = await openDB(DEVICE_DATABASE_NAME, 4, {
      upgrade(db) {
        db.createObjectStore('sends', { keyPath: 'id' }).createIndex('by-user', 'userId');
        db.createObjectStore('copies', { keyPath: 'key' });
        db.createObjectStore('skips', { keyPath: 'id' }).createIndex('by-user', 'userId');
        db.createObjectStore('offline-sign-in');
      },
    });
    await older.put('sends', {
      id: 's1',
      idempotencyKey: 'k1',
      userId: 'anna',
      accountId: 'a1',
      gatewayId: 1,
      gatewayName: 'Kedelrum',
      deviceId: 2,
      deviceName: 'Varmemåler',
      date: '2026-03-14',
      enteredAt: 1,
      readings: [
        {
          id: 'r1',
          deviceItemId: 101,
          pointName: 'Punkt 1',
          unit: 'kWh',
          value: '12,5',
          plausibilityOverride: true,
        },
      ],
      rejection: null,
    });
    await older.put('copies', { key: 'anna|a1|gateway-tree', value: ['tree'], savedAt: 1 });
    older.close();

    const [kept] = await (await deviceQueue()).list('anna');
    expect(kept && readingBatch(kept)).toEqual([
      {
        gatewayId: 1,
        deviceId: 2,
        dateRecord: '03/14/2026',
        deviceItemId: 101,
        value: '12,5',
        plausibilityOverride: true,
      },
    ]);
    expect(await readCopy('anna', 'a1', 'gateway-tree')).toEqual(['tree']);
  });

  it('the queue, the copies and the offline sign-in share one connection', async () => {
    const db = await deviceDatabase();
    expect(await deviceDatabase()).toBe(db);
    await keepCopy('bo', 'a2', 'reading-status', { n: 1 });
    await db.put('offline-sign-in', { email: 'bo@eksempel.dk' } as never, 'current');
    expect(await db.get('copies', 'bo|a2|reading-status')).toMatchObject({ value: { n: 1 } });
    expect(await readOfflineSignInEntry()).toEqual({ email: 'bo@eksempel.dk' });
    expect(db.name).toBe(DEVICE_DATABASE_NAME);
  });
});
