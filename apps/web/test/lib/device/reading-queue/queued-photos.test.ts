import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DeviceDatabase, openDeviceDatabase } from '@/lib/device/device-database';
import { ReadingQueue } from '@/lib/device/reading-queue/reading-queue';
import { newSend } from './queued-send-fixture';
import { newSkip } from './queued-skip-fixture';

// A SEND's photo (issue 36) lives in its own store: the list of waiting SENDs never loads one, and it
// leaves the device with the SEND that names it.

let db: DeviceDatabase;
let queue: ReadingQueue;
let dbName: string;

const photoId = '0b5e7c1a-2f34-4d7e-9a1b-3c4d5e6f7a8b';
const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });

beforeEach(async () => {
  dbName = `photos-${crypto.randomUUID()}`;
  db = await openDeviceDatabase(dbName);
  queue = new ReadingQueue(db);
});
afterEach(() => db.close());

describe('ReadingQueue with photos', () => {
  it('keeps the photo apart from the SEND, which names it with its note, also after the page is reopened', async () => {
    const added = await queue.add({ ...newSend('anna', ['1']), photoId, note: 'Skjult bag hylde' }, jpeg());
    db.close();
    db = await openDeviceDatabase(dbName);
    queue = new ReadingQueue(db);

    const [listed] = await queue.list('anna');
    expect(listed).toEqual(added);
    expect(listed).toMatchObject({ photoId, note: 'Skjult bag hylde' });
    // The record shown in the waiting list holds no image data.
    expect(Object.values(listed ?? {}).some((value) => value instanceof Blob)).toBe(false);
    // jsdom's Blob does not survive fake-indexeddb's clone byte for byte; the browser tests send it.
    expect(await queue.photo(photoId)).toBeDefined();
    expect(await db.get('photos', photoId)).toMatchObject({ id: photoId, userId: 'anna' });
  });

  it('removes the photo with the SEND once the server has it', async () => {
    const send = await queue.add({ ...newSend('anna'), photoId }, jpeg());
    expect(await queue.removeSent(send)).toBe(true);
    expect(await queue.photo(photoId)).toBeUndefined();
    expect(await db.count('photos')).toBe(0);
  });

  it("removes the photo when 'Slet' drops the SEND's last reading, and keeps it while readings remain", async () => {
    const send = await queue.add({ ...newSend('anna', ['1', '2']), photoId }, jpeg());
    await queue.deleteReading(send.id, send.readings[0]?.id ?? '');
    expect(await queue.photo(photoId)).toBeDefined();
    await queue.deleteReading(send.id, send.readings[1]?.id ?? '');
    expect(await queue.photo(photoId)).toBeUndefined();
  });

  it("'Slet dem' deletes the user's photos and keeps another user's", async () => {
    const otherId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    await queue.add({ ...newSend('anna'), photoId }, jpeg());
    await queue.add({ ...newSend('bo'), photoId: otherId }, jpeg());
    await queue.addSkip(newSkip('anna', 3));
    await queue.deleteAllOf('anna');
    expect(await queue.photo(photoId)).toBeUndefined();
    expect(await queue.photo(otherId)).toBeDefined();
    expect(await queue.list('bo')).toHaveLength(1);
  });

  it('keeps no photo for a SEND without a photo id', async () => {
    await queue.add(newSend('anna'), jpeg());
    expect(await db.count('photos')).toBe(0);
  });
});
