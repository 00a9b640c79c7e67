import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import type { QueuedSend } from './queued-send';

/** The app's IndexedDB database: what must survive a closed page or a lost connection. */
export interface DeviceSchema extends DBSchema {
  /** SENDs waiting for the server, by id; `by-user` finds one user's. */
  sends: { key: string; value: QueuedSend; indexes: { 'by-user': string } };
}

export type DeviceDatabase = IDBPDatabase<DeviceSchema>;

export const DEVICE_DATABASE_NAME = 'maaleraflaesning';
const VERSION = 1;

export function openDeviceDatabase(name: string = DEVICE_DATABASE_NAME): Promise<DeviceDatabase> {
  return openDB<DeviceSchema>(name, VERSION, {
    upgrade(db) {
      const sends = db.createObjectStore('sends', { keyPath: 'id' });
      sends.createIndex('by-user', 'userId');
    },
  });
}
