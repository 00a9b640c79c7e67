import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { openDeviceDatabase } from '@/lib/device/device-database';

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

    expect([...db.objectStoreNames].sort()).toEqual(['copies', 'offline-sign-in', 'sends', 'skips']);
    expect(await db.getAllFromIndex('sends', 'by-user', 'anna')).toEqual([{ id: 's1', userId: 'anna' }]);
    expect(await db.count('copies')).toBe(1);
    expect(await db.getAllFromIndex('skips', 'by-user', 'anna')).toEqual([]);
    db.close();
  });
});
