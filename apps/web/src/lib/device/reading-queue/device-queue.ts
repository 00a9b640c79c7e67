import { deviceDatabase } from '../device-database';
import { ReadingQueue } from './reading-queue';

// The queue on the page's device database, and the news that it changed. Other tabs hear of changes
// through a BroadcastChannel, so every open tab shows the same count.

let persistenceAsked = false;
const listeners = new Set<() => void>();
const CHANNEL = 'maaleraflaesning-reading-queue';
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
channel?.addEventListener('message', () => emit());

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * The queue, on the device database. Its first use also asks the browser to keep the app's storage
 * when space runs low (`navigator.storage.persist()`): readings waiting there exist nowhere else. A
 * refused request is no error; the storage is then only best effort, as it was.
 */
export async function deviceQueue(): Promise<ReadingQueue> {
  const db = await deviceDatabase();
  if (!persistenceAsked) {
    persistenceAsked = true;
    void navigator.storage?.persist?.().catch(() => false);
  }
  return new ReadingQueue(db);
}

/** To call after every change to the queue. */
export function queueChanged(): void {
  emit();
  channel?.postMessage('changed');
}

export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
