import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DeviceDatabase, openDeviceDatabase } from '@/lib/device/device-database';
import type { QueuedSkip } from '@/lib/device/reading-queue/queued-skip';
import { ReadingQueue } from '@/lib/device/reading-queue/reading-queue';
import { syncSkipQueue } from '@/lib/device/reading-queue/sync-skip-queue';
import { ApiError } from '@/lib/http/api-error';
import { newSkip } from './queued-skip-fixture';

let db: DeviceDatabase;
let queue: ReadingQueue;
let dbName: string;

beforeEach(async () => {
  dbName = `skips-${crypto.randomUUID()}`;
  db = await openDeviceDatabase(dbName);
  queue = new ReadingQueue(db);
});
afterEach(() => db.close());

const waiting = async (userId: string) => (await queue.listSkips(userId)).map((kept) => kept.skip.deviceId);

describe('kept skips', () => {
  it('are kept per user, oldest first, also after the page is reopened', async () => {
    const first = await queue.addSkip(newSkip('anna', 3, 2));
    await queue.addSkip(newSkip('anna', 1, 1));
    await queue.addSkip(newSkip('bo', 9, 0));
    db.close();
    db = await openDeviceDatabase(dbName);
    queue = new ReadingQueue(db);

    expect(await waiting('anna')).toEqual([1, 3]);
    expect((await queue.listSkips('anna'))[1]).toEqual(first);
    expect(await waiting('bo')).toEqual([9]);
  });

  it("sync sends the user's skips oldest first with their own keys and removes them", async () => {
    await queue.addSkip(newSkip('anna', 3, 2));
    await queue.addSkip(newSkip('anna', 1, 1));
    await queue.addSkip(newSkip('bo', 9, 0));
    const send = vi.fn(async (_skip: QueuedSkip) => ({ Success: true }));

    expect(await syncSkipQueue(queue, 'anna', send)).toEqual({
      sent: 2,
      refused: [],
      linkSent: [],
      interrupted: false,
    });
    expect(send.mock.calls.map(([kept]) => kept.idempotencyKey)).toEqual(['skip-anna-1', 'skip-anna-3']);
    expect(await waiting('anna')).toEqual([]);
    expect(await waiting('bo')).toEqual([9]);
  });

  it('stops at a lost answer and keeps that skip and the rest for the next sync', async () => {
    await queue.addSkip(newSkip('anna', 1, 1));
    await queue.addSkip(newSkip('anna', 2, 2));
    await queue.addSkip(newSkip('anna', 3, 3));
    const send = vi.fn(async (kept: QueuedSkip) => {
      if (kept.skip.deviceId === 2) throw new TypeError('Failed to fetch');
      return { Success: true };
    });

    expect(await syncSkipQueue(queue, 'anna', send)).toEqual({
      sent: 1,
      refused: [],
      linkSent: [],
      interrupted: true,
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(await waiting('anna')).toEqual([2, 3]);
  });

  it('waits for the next session on a 401 and for the next sync on a server error', async () => {
    await queue.addSkip(newSkip('anna', 1));
    for (const status of [401, 503]) {
      const result = await syncSkipQueue(queue, 'anna', async () => {
        throw new ApiError(status, null);
      });
      expect(result.interrupted).toBe(true);
      expect(await waiting('anna')).toEqual([1]);
    }
  });

  it('removes a skip the server refuses and returns its text, then goes on', async () => {
    await queue.addSkip(newSkip('anna', 1, 1));
    await queue.addSkip(newSkip('anna', 2, 2));
    const send = async (kept: QueuedSkip) => {
      if (kept.skip.deviceId === 1) {
        throw new ApiError(404, { Success: false, Message: 'Det efterspurgte findes ikke.' });
      }
      return { Success: true };
    };

    expect(await syncSkipQueue(queue, 'anna', send)).toEqual({
      sent: 1,
      refused: [{ deviceName: 'Hybenvej 1', text: 'Det efterspurgte findes ikke.' }],
      linkSent: [],
      interrupted: false,
    });
    expect(await waiting('anna')).toEqual([]);
  });

  it('names the meters whose resident the server sent the link with their skip (ADR 044)', async () => {
    await queue.addSkip(newSkip('anna', 1, 1));
    await queue.addSkip(newSkip('anna', 2, 2));
    const send = async (kept: QueuedSkip) => ({ Success: true, ResidentLinkSent: kept.skip.deviceId === 2 });

    const result = await syncSkipQueue(queue, 'anna', send);
    expect(result.sent).toBe(2);
    expect(result.linkSent).toEqual(['Hybenvej 2']);
  });
});
