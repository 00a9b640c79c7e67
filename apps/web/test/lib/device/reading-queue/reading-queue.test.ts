import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DeviceDatabase, openDeviceDatabase } from '@/lib/device/device-database';
import { ReadingQueue } from '@/lib/device/reading-queue/reading-queue';
import { readingBatch } from '@/lib/device/reading-send';
import { newSend } from './queued-send-fixture';
import { newSkip } from './queued-skip-fixture';

let db: DeviceDatabase;
let queue: ReadingQueue;
let dbName: string;

beforeEach(async () => {
  dbName = `queue-${crypto.randomUUID()}`;
  db = await openDeviceDatabase(dbName);
  queue = new ReadingQueue(db);
});
afterEach(() => db.close());

describe('ReadingQueue', () => {
  it('keeps each SEND with its own ids, key and owner, also after the page is reopened', async () => {
    const first = await queue.add(newSend('anna', ['1', '2']));
    db.close();
    db = await openDeviceDatabase(dbName);
    queue = new ReadingQueue(db);

    const [stored] = await queue.list('anna');
    expect(stored).toEqual(first);
    expect(stored?.rejection).toBeNull();
    const ids = [stored?.id, stored?.idempotencyKey, ...(stored?.readings.map((r) => r.id) ?? [])];
    expect(new Set(ids).size).toBe(4);
  });

  it("lists only the user's own SENDs, oldest first", async () => {
    await queue.add(newSend('anna', ['2'], 2000));
    await queue.add(newSend('bo', ['9'], 1000));
    await queue.add(newSend('anna', ['1'], 1000));
    const values = (await queue.list('anna')).map((send) => send.readings[0]?.value);
    expect(values).toEqual(['1', '2']);
    expect(await queue.list('carl')).toEqual([]);
  });

  it('reuses the key of an attempt that got no answer', async () => {
    const send = await queue.add({ ...newSend('anna'), idempotencyKey: 'press-1' });
    expect(send.idempotencyKey).toBe('press-1');
  });

  it('builds the same body as the attempt online that got no answer, so its key still fits', async () => {
    const send = await queue.add(newSend('anna', ['12,5']));
    expect(readingBatch(send)).toEqual([
      { gatewayId: 1, deviceId: 2, dateRecord: '03/14/2026', deviceItemId: 101, value: '12,5' },
    ]);
    // Kept by a version before reading sources: sent as it was, too.
    const { enteredOffline: _, ...earlier } = send;
    expect(readingBatch(earlier)).toEqual(readingBatch(send));
  });

  it('sends readings entered without a connection as offline, with the time of entry', async () => {
    const enteredAt = Date.UTC(2026, 2, 14, 7, 42, 5);
    const entry = newSend('anna', ['12,5', '7'], enteredAt);
    const confirmed = entry.readings.map((reading, index) => ({
      ...reading,
      plausibilityOverride: index === 1,
    }));
    const send = await queue.add({ ...entry, readings: confirmed, enteredOffline: true });
    const point = { gatewayId: 1, deviceId: 2, dateRecord: '03/14/2026' };
    const offline = { source: 'offline', enteredAt: '2026-03-14T07:42:05.000Z' };
    expect(readingBatch(send)).toEqual([
      { ...point, deviceItemId: 101, value: '12,5', ...offline },
      { ...point, deviceItemId: 102, value: '7', plausibilityOverride: true, ...offline },
    ]);
    // 'Ret' changes the value, not when or how the reading was entered.
    await queue.correct(send.id, send.readings[0]?.id ?? '', '13');
    const corrected = await queue.get(send.id);
    expect(corrected && readingBatch(corrected)[0]).toEqual({
      ...point,
      deviceItemId: 101,
      value: '13',
      ...offline,
    });
  });

  it('a correction gets a new key and waits again, without the earlier confirmation', async () => {
    const added = await queue.add(newSend('anna', ['1', '2']));
    const rejected = (await queue.get(added.id)) as typeof added;
    await queue.markRejected(rejected, 'Fejl i Punkt 1');
    const reading = added.readings[0];
    await queue.correct(added.id, reading?.id ?? '', '3');
    const corrected = await queue.get(added.id);
    expect(corrected?.idempotencyKey).not.toBe(added.idempotencyKey);
    expect(corrected?.rejection).toBeNull();
    expect(corrected?.readings.map((r) => r.value)).toEqual(['3', '2']);
  });

  it('deleting the last reading deletes the SEND', async () => {
    const added = await queue.add(newSend('anna', ['1', '2']));
    await queue.deleteReading(added.id, added.readings[0]?.id ?? '');
    expect((await queue.get(added.id))?.readings.map((r) => r.value)).toEqual(['2']);
    await queue.deleteReading(added.id, added.readings[1]?.id ?? '');
    expect(await queue.get(added.id)).toBeUndefined();
  });

  it("'Slet dem' deletes the user's SENDs and skips and keeps another user's", async () => {
    await queue.add(newSend('anna', ['1']));
    await queue.add(newSend('anna', ['2']));
    await queue.addSkip(newSkip('anna', 1));
    const bos = await queue.add(newSend('bo', ['3']));
    const bosSkip = await queue.addSkip(newSkip('bo', 2));

    await queue.deleteAllOf('anna');

    expect(await queue.list('anna')).toEqual([]);
    expect(await queue.listSkips('anna')).toEqual([]);
    expect(await queue.list('bo')).toEqual([bos]);
    expect(await queue.listSkips('bo')).toEqual([bosSkip]);
  });

  it('a sent or refused answer does not apply to a SEND corrected meanwhile', async () => {
    const added = await queue.add(newSend('anna', ['1']));
    await queue.correct(added.id, added.readings[0]?.id ?? '', '2');
    expect(await queue.removeSent(added)).toBe(false);
    expect(await queue.markRejected(added, 'Fejl')).toBe(false);
    expect(await queue.get(added.id)).toMatchObject({ rejection: null, readings: [{ value: '2' }] });
  });
});
