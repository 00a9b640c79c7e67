import { openDeviceDatabase } from '../device-database';
import { ReadingQueue } from './reading-queue';

// The page's one connection to the queue, and the news that it changed. Other tabs hear of changes
// through a BroadcastChannel, so every open tab shows the same count.

let opened: Promise<ReadingQueue> | null = null;
const listeners = new Set<() => void>();
const CHANNEL = 'maaleraflaesning-reading-queue';
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
channel?.addEventListener('message', () => emit());

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * The queue, opened on first use. It also asks the browser to keep the app's storage when space
 * runs low (`navigator.storage.persist()`): readings waiting there exist nowhere else. A refused
 * request is no error; the storage is then only best effort, as it was.
 */
export function deviceQueue(): Promise<ReadingQueue> {
  opened ??= openDeviceDatabase().then((db) => {
    void navigator.storage?.persist?.().catch(() => false);
    return new ReadingQueue(db);
  });
  // A database that could not be opened (private mode, storage off) may open on the next try.
  opened.catch(() => {
    opened = null;
  });
  return opened;
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
