import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DeviceDatabase, openDeviceDatabase } from '@/lib/device/device-database';
import type { QueuedSend } from '@/lib/device/reading-queue/queued-send';
import { ReadingQueue } from '@/lib/device/reading-queue/reading-queue';
import { syncReadingQueue } from '@/lib/device/reading-queue/sync-reading-queue';
import { ApiError } from '@/lib/http/api-error';
import { newSend } from './queued-send-fixture';

let db: DeviceDatabase;
let queue: ReadingQueue;

beforeEach(async () => {
  db = await openDeviceDatabase(`sync-${crypto.randomUUID()}`);
  queue = new ReadingQueue(db);
});
afterEach(() => db.close());

const METER = { accountId: newSend('anna').accountId, gatewayId: 1, deviceId: 2 };
const nothingSent = { sent: 0, rejected: 0, sentMeters: [], refused: [] };

const values = async (userId: string) => (await queue.list(userId)).map((send) => send.readings[0]?.value);

describe('syncReadingQueue', () => {
  it("sends the user's SENDs oldest first with their own keys, removes them and counts the readings", async () => {
    const first = await queue.add(newSend('anna', ['1', '1,5'], 1));
    const second = await queue.add(newSend('anna', ['2'], 2));
    await queue.add(newSend('bo', ['9'], 0));
    const sendQueued = vi.fn(async (_send: QueuedSend) => {});

    const result = await syncReadingQueue(queue, 'anna', sendQueued);

    // Both SENDs are of the same meter: its history is out of date once.
    expect(result).toEqual({ sent: 3, rejected: 0, sentMeters: [METER], refused: [], interrupted: false });
    expect(sendQueued.mock.calls.map(([send]) => send.idempotencyKey)).toEqual([
      first.idempotencyKey,
      second.idempotencyKey,
    ]);
    expect(await values('anna')).toEqual([]);
    expect(await values('bo')).toEqual(['9']);
  });

  it('keeps a refused SEND with the server text, goes on with the rest and does not resend it', async () => {
    await queue.add(newSend('anna', ['1'], 1));
    await queue.add(newSend('anna', ['2'], 2));
    const refuse = async (send: QueuedSend) => {
      if (send.readings[0]?.value === '1') {
        throw new ApiError(406, { Success: false, validationError: 'Værdien for "Punkt 1" er for stor' });
      }
    };

    expect(await syncReadingQueue(queue, 'anna', refuse)).toEqual({
      sent: 1,
      rejected: 1,
      sentMeters: [METER],
      refused: [{ deviceName: 'Varmemåler', text: 'Værdien for "Punkt 1" er for stor' }],
      interrupted: false,
    });
    const [kept] = await queue.list('anna');
    expect(kept?.rejection).toBe('Værdien for "Punkt 1" er for stor');

    const again = vi.fn(async () => {});
    expect(await syncReadingQueue(queue, 'anna', again)).toEqual({ ...nothingSent, interrupted: false });
    expect(again).not.toHaveBeenCalled();
  });

  it.each([
    ['no answer', new TypeError('Failed to fetch')],
    ['an expired session', new ApiError(401, { Message: 'Log ind igen' })],
    ['a server error', new ApiError(503, null)],
    ['a rate limit', new ApiError(429, null)],
  ])('stops at %s and keeps everything waiting', async (_name, error) => {
    await queue.add(newSend('anna', ['1'], 1));
    await queue.add(newSend('anna', ['2'], 2));
    const sendQueued = vi.fn(async () => {
      throw error;
    });

    expect(await syncReadingQueue(queue, 'anna', sendQueued)).toEqual({ ...nothingSent, interrupted: true });
    expect(sendQueued).toHaveBeenCalledTimes(1);
    expect(await values('anna')).toEqual(['1', '2']);
    expect((await queue.list('anna')).every((send) => send.rejection === null)).toBe(true);
  });

  it('skips a SEND deleted while the sync was on its way', async () => {
    await queue.add(newSend('anna', ['1'], 1));
    const second = await queue.add(newSend('anna', ['2'], 2));
    const sent: string[] = [];
    const sendQueued = async (send: QueuedSend) => {
      sent.push(send.readings[0]?.value ?? '');
      await queue.deleteReading(second.id, second.readings[0]?.id ?? '');
    };

    await syncReadingQueue(queue, 'anna', sendQueued);
    expect(sent).toEqual(['1']);
  });
});

describe('syncReadingQueue with a photo (issue 36)', () => {
  it('hands each SEND its own photo from the device, and a SEND without one none', async () => {
    const photoId = '0b5e7c1a-2f34-4d7e-9a1b-3c4d5e6f7a8b';
    await queue.add({ ...newSend('anna', ['1'], 1), photoId, note: 'Dugget glas' }, new Blob(['jpeg']));
    await queue.add(newSend('anna', ['2'], 2));
    const seen: [string | undefined, boolean][] = [];
    const result = await syncReadingQueue(queue, 'anna', async (send) => {
      const photo = send.photoId ? await queue.photo(send.photoId) : undefined;
      seen.push([send.photoId, photo !== undefined]);
    });
    expect(result).toEqual({ sent: 2, rejected: 0, sentMeters: [METER], refused: [], interrupted: false });
    expect(seen).toEqual([
      [photoId, true],
      [undefined, false],
    ]);
    expect(await queue.photo(photoId)).toBeUndefined();
  });
});
