import type { OfflineSignInEntry } from '../offline-sign-in/offline-sign-in-entry';
import { deviceDatabase } from './device-database';

// The device database's one offline sign-in entry (ADR 034), under a fixed key.

const ENTRY_KEY = 'current';

export async function keepOfflineSignInEntry(entry: OfflineSignInEntry): Promise<void> {
  await (await deviceDatabase()).put('offline-sign-in', entry, ENTRY_KEY);
}

export async function readOfflineSignInEntry(): Promise<OfflineSignInEntry | undefined> {
  return (await deviceDatabase()).get('offline-sign-in', ENTRY_KEY);
}

export async function forgetOfflineSignInEntry(): Promise<void> {
  await (await deviceDatabase()).delete('offline-sign-in', ENTRY_KEY);
}
