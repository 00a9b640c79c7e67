import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import type { OfflineSignInEntry } from '../offline-sign-in/offline-sign-in-entry';
import { openedOnce } from './opened-once';
import type { QueuedPhoto } from './reading-queue/queued-photo';
import type { QueuedSend } from './reading-queue/queued-send';
import type { QueuedSkip } from './reading-queue/queued-skip';

/** The app's IndexedDB database: what must survive a closed page or a lost connection. */
export interface DeviceSchema extends DBSchema {
  /** SENDs waiting for the server, by id; `by-user` finds one user's. */
  sends: { key: string; value: QueuedSend; indexes: { 'by-user': string } };
  /**
   * The photos of waiting SENDs, by the photo's id (issue 36): apart from the SENDs, so that listing
   * the waiting readings never loads a photo.
   */
  photos: { key: string; value: QueuedPhoto; indexes: { 'by-user': string } };
  /** Route skips waiting for the server, by id; `by-user` finds one user's. */
  skips: { key: string; value: QueuedSkip; indexes: { 'by-user': string } };
  /**
   * The last answers the reading screen needs per user and account (the account's company data,
   * its location/meter tree with each point's last value), by `user|account|kind`: what the screen
   * works from when the server cannot be reached.
   */
  copies: { key: string; value: { key: string; value: unknown; savedAt: number } };
  /** The one user this device may sign in without a connection (ADR 034), under a fixed key. */
  'offline-sign-in': { key: string; value: OfflineSignInEntry };
}

export type DeviceDatabase = IDBPDatabase<DeviceSchema>;

export const DEVICE_DATABASE_NAME = 'maaleraflaesning';
const VERSION = 5;

export function openDeviceDatabase(name: string = DEVICE_DATABASE_NAME): Promise<DeviceDatabase> {
  return openDB<DeviceSchema>(name, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const sends = db.createObjectStore('sends', { keyPath: 'id' });
        sends.createIndex('by-user', 'userId');
      }
      if (oldVersion < 2) db.createObjectStore('copies', { keyPath: 'key' });
      if (oldVersion < 3) {
        const skips = db.createObjectStore('skips', { keyPath: 'id' });
        skips.createIndex('by-user', 'userId');
      }
      if (oldVersion < 4) db.createObjectStore('offline-sign-in');
      if (oldVersion < 5) {
        const photos = db.createObjectStore('photos', { keyPath: 'id' });
        photos.createIndex('by-user', 'userId');
      }
    },
  });
}

/**
 * The page's one connection to the device database, shared by the queue, the copies and the offline
 * sign-in, opened on first use.
 */
export const deviceDatabase = openedOnce(() => openDeviceDatabase());
