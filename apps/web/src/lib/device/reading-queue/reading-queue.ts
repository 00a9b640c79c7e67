import { newRandomId } from '../../random-id';
import type { DeviceDatabase } from '../device-database';
import type { QueuedReading, QueuedSend } from './queued-send';
import type { QueuedSkip } from './queued-skip';

/** What the reading screen knows when it queues a SEND; the queue adds ids, key and status. */
export type NewQueuedSend = Omit<QueuedSend, 'id' | 'idempotencyKey' | 'rejection' | 'readings'> & {
  /** Reuses the key of an attempt that got no answer, which the server may have stored. */
  idempotencyKey?: string;
  readings: Omit<QueuedReading, 'id'>[];
};

/**
 * The SENDs (and route skips) waiting on this device, in IndexedDB. Every change that depends on the current record
 * (sent, refused, corrected) runs in one transaction and only applies while the record still has
 * the key the caller saw, so a sync in another tab or a correction meanwhile is never overwritten.
 */
export class ReadingQueue {
  constructor(private readonly db: DeviceDatabase) {}

  /** Keeps a SEND and, when it names one, its photo, both or neither (one transaction). */
  async add(entry: NewQueuedSend, photo?: Blob): Promise<QueuedSend> {
    const send: QueuedSend = {
      ...entry,
      id: newRandomId(),
      idempotencyKey: entry.idempotencyKey ?? newRandomId(),
      readings: entry.readings.map((reading) => ({ ...reading, id: newRandomId() })),
      rejection: null,
    };
    const tx = this.db.transaction(['sends', 'photos'], 'readwrite');
    const writes: Promise<unknown>[] = [tx.objectStore('sends').add(send)];
    if (send.photoId && photo) {
      writes.push(tx.objectStore('photos').put({ id: send.photoId, userId: send.userId, blob: photo }));
    }
    await Promise.all([...writes, tx.done]);
    return send;
  }

  /** The photo a waiting SEND names, read only when that SEND goes. */
  async photo(photoId: string): Promise<Blob | undefined> {
    return (await this.db.get('photos', photoId))?.blob;
  }

  /** One user's SENDs, oldest first. */
  async list(userId: string): Promise<QueuedSend[]> {
    const sends = await this.db.getAllFromIndex('sends', 'by-user', userId);
    return sends.sort((a, b) => a.enteredAt - b.enteredAt);
  }

  get(id: string): Promise<QueuedSend | undefined> {
    return this.db.get('sends', id);
  }

  /** The server stored it: gone from the device, unless it was changed since it was read. */
  removeSent(send: QueuedSend): Promise<boolean> {
    return this.updateIfUnchanged(send, () => null);
  }

  /** The server refused it: kept, marked with the server's text, until the user corrects or deletes it. */
  markRejected(send: QueuedSend, text: string): Promise<boolean> {
    return this.updateIfUnchanged(send, (current) => ({ ...current, rejection: text }));
  }

  /** 'Ret': a new value for one reading; a new request, so a new key, and waiting again. */
  async correct(sendId: string, readingId: string, value: string): Promise<void> {
    await this.change(sendId, (current) => ({
      ...current,
      idempotencyKey: newRandomId(),
      rejection: null,
      readings: current.readings.map((reading) =>
        reading.id === readingId ? { ...reading, value, plausibilityOverride: false } : reading,
      ),
    }));
  }

  /** 'Slet': drops one reading; the SEND goes when it was its last. */
  async deleteReading(sendId: string, readingId: string): Promise<void> {
    await this.change(sendId, (current) => {
      const readings = current.readings.filter((reading) => reading.id !== readingId);
      if (readings.length === 0) return null;
      return { ...current, idempotencyKey: newRandomId(), rejection: null, readings };
    });
  }

  /** Keeps a skip that could not be sent; `idempotencyKey` is the key of the attempt that failed. */
  async addSkip(entry: Omit<QueuedSkip, 'id'>): Promise<QueuedSkip> {
    const skip: QueuedSkip = { ...entry, id: newRandomId() };
    await this.db.add('skips', skip);
    return skip;
  }

  /** One user's skips, oldest first. */
  async listSkips(userId: string): Promise<QueuedSkip[]> {
    const skips = await this.db.getAllFromIndex('skips', 'by-user', userId);
    return skips.sort((a, b) => a.enteredAt - b.enteredAt);
  }

  /** Sent, or refused by the server: a skip has nothing the user could correct. */
  removeSkip(id: string): Promise<void> {
    return this.db.delete('skips', id);
  }

  /** 'Slet dem' at sign-out: every SEND, photo and skip of the user, in one transaction. */
  async deleteAllOf(userId: string): Promise<void> {
    const tx = this.db.transaction(['sends', 'skips', 'photos'], 'readwrite');
    const stores = [tx.objectStore('sends'), tx.objectStore('skips'), tx.objectStore('photos')] as const;
    const ids = await Promise.all(stores.map((store) => store.index('by-user').getAllKeys(userId)));
    await Promise.all(stores.flatMap((store, index) => (ids[index] ?? []).map((id) => store.delete(id))));
    await tx.done;
  }

  private async updateIfUnchanged(
    seen: QueuedSend,
    next: (current: QueuedSend) => QueuedSend | null,
  ): Promise<boolean> {
    let applied = false;
    await this.change(seen.id, (current) => {
      if (current.idempotencyKey !== seen.idempotencyKey) return current;
      applied = true;
      return next(current);
    });
    return applied;
  }

  /** Reads, changes and writes one SEND in one transaction; `null` deletes it, with its photo. */
  private async change(id: string, next: (current: QueuedSend) => QueuedSend | null): Promise<void> {
    const tx = this.db.transaction(['sends', 'photos'], 'readwrite');
    const sends = tx.objectStore('sends');
    const current = await sends.get(id);
    if (current) {
      const updated = next(current);
      if (updated === null) {
        await sends.delete(id);
        if (current.photoId) await tx.objectStore('photos').delete(current.photoId);
      } else if (updated !== current) await sends.put(updated);
    }
    await tx.done;
  }
}
