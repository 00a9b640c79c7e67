import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DeviceDatabase, openDeviceDatabase } from '@/lib/device/device-database';
import type { QueuedSend } from '@/lib/device/reading-queue/queued-send';
import { ReadingQueue } from '@/lib/device/reading-queue/reading-queue';
import { syncReadingQueue } from '@/lib/device/reading-queue/sync-reading-queue';
import { readingBatch } from '@/lib/device/reading-send';
import { ApiError } from '@/lib/http/api-error';
import { newSend } from './queued-send-fixture';

/**
 * The server as far as the queue can tell: it deduplicates by Idempotency-Key like the real one
 * (a known key with the same body answers again without storing, another body is a 422) and
 * otherwise stores every reading it gets. Unlike the real server it does not fold a repeated
 * (point, date) into one row, so only the key stands between a replay and a duplicate here.
 */
class ModelServer {
  private readonly keys = new Map<string, string>();
  /** How often each reading (by its device id) was stored. */
  readonly stored = new Map<string, number>();

  receive(send: QueuedSend): void {
    const body = JSON.stringify(readingBatch(send));
    const known = this.keys.get(send.idempotencyKey);
    if (known !== undefined) {
      if (known !== body) throw new ApiError(422, { Message: 'Nøglen er brugt til en anden forespørgsel' });
      return;
    }
    this.keys.set(send.idempotencyKey, body);
    for (const reading of send.readings) this.stored.set(reading.id, (this.stored.get(reading.id) ?? 0) + 1);
  }
}

/** What happens to one request on the way. */
type Network =
  | 'ok'
  /** Never reached the server. */
  | 'lost-request'
  /** Stored, but the answer was lost. */
  | 'lost-answer'
  | 'server-error'
  /** The page closed while waiting for the answer (after the server stored it, or before). */
  | 'closed-after-store'
  | 'closed-before-store';

const network = fc.constantFrom<Network>(
  'ok',
  'lost-request',
  'lost-answer',
  'server-error',
  'closed-after-store',
  'closed-before-store',
);

const USER = 'anna';

/** One device: the database survives restarts, the page (its connection and syncs) does not. */
type Device = { dbName: string; db: DeviceDatabase; queue: ReadingQueue; server: ModelServer };
/** Every reading id ever queued. */
type Model = { queued: Set<string> };

async function restart(device: Device): Promise<void> {
  device.db.close();
  device.db = await openDeviceDatabase(device.dbName);
  device.queue = new ReadingQueue(device.db);
}

/**
 * One page's sync over a network that behaves as scripted, request by request (then 'ok'). When the
 * page closes mid-request the sync never resumes: its promise is dropped and the page restarts.
 */
async function syncOver(device: Device, script: Network[]): Promise<void> {
  let closed!: () => void;
  const pageClosed = new Promise<void>((resolve) => {
    closed = resolve;
  });
  let request = 0;
  const sendQueued = async (send: QueuedSend) => {
    const step = script[request++] ?? 'ok';
    if (step === 'lost-request') throw new TypeError('Failed to fetch');
    if (step === 'server-error') throw new ApiError(503, null);
    if (step === 'closed-before-store' || step === 'closed-after-store') {
      if (step === 'closed-after-store') device.server.receive(send);
      closed();
      return new Promise<void>(() => {});
    }
    device.server.receive(send);
    if (step === 'lost-answer') throw new TypeError('Failed to fetch');
  };
  const finished = syncReadingQueue(device.queue, USER, sendQueued).then(() => false);
  if (await Promise.race([finished, pageClosed.then(() => true)])) await restart(device);
}

function storedAtMostOnce(device: Device): void {
  for (const [id, times] of device.server.stored) expect(times, id).toBe(1);
}

class EnqueueCommand implements fc.AsyncCommand<Model, Device> {
  constructor(readonly values: string[]) {}
  check = () => true;
  async run(model: Model, device: Device) {
    const send = await device.queue.add(newSend(USER, this.values));
    for (const reading of send.readings) model.queued.add(reading.id);
  }
  toString = () => `enqueue(${this.values.length})`;
}

class SyncCommand implements fc.AsyncCommand<Model, Device> {
  constructor(readonly script: Network[]) {}
  check = () => true;
  async run(_model: Model, device: Device) {
    await syncOver(device, this.script);
    storedAtMostOnce(device);
  }
  toString = () => `sync(${this.script.join(',')})`;
}

/** Two tabs sync at once over their own connections to the same database. */
class TwoTabsSyncCommand implements fc.AsyncCommand<Model, Device> {
  constructor(
    readonly first: Network[],
    readonly second: Network[],
  ) {}
  check = () => true;
  async run(_model: Model, device: Device) {
    const other: Device = { ...device, db: await openDeviceDatabase(device.dbName) };
    other.queue = new ReadingQueue(other.db);
    await Promise.all([syncOver(device, this.first), syncOver(other, this.second)]);
    other.db.close();
    storedAtMostOnce(device);
  }
  toString = () => `twoTabs(${this.first.join(',')} | ${this.second.join(',')})`;
}

class RestartCommand implements fc.AsyncCommand<Model, Device> {
  check = () => true;
  async run(_model: Model, device: Device) {
    await restart(device);
  }
  toString = () => 'restart';
}

const script = fc.array(network, { maxLength: 4 });
const commands = fc.commands(
  [
    fc
      .array(fc.stringMatching(/^\d{1,5}(,\d)?$/), { minLength: 1, maxLength: 3 })
      .map((v) => new EnqueueCommand(v)),
    script.map((s) => new SyncCommand(s)),
    fc.tuple(script, script).map(([a, b]) => new TwoTabsSyncCommand(a, b)),
    fc.constant(new RestartCommand()),
  ],
  { maxCommands: 25 },
);

describe('the reading queue against a deduplicating server (model test)', () => {
  it('any interleaving of enqueue, syncs, lost answers, closed pages and restarts stores each reading exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const dbName = `model-${crypto.randomUUID()}`;
        const device: Device = {
          dbName,
          db: await openDeviceDatabase(dbName),
          queue: undefined as unknown as ReadingQueue,
          server: new ModelServer(),
        };
        device.queue = new ReadingQueue(device.db);
        const model: Model = { queued: new Set() };
        await fc.asyncModelRun(() => ({ model, real: device }), cmds);

        // The connection comes back for good: one more sync sends whatever still waits.
        await syncOver(device, []);
        expect(await device.queue.list(USER)).toEqual([]);
        expect([...device.server.stored.keys()].sort()).toEqual([...model.queued].sort());
        storedAtMostOnce(device);
        device.db.close();
      }),
      { numRuns: 200 },
    );
    // 200 runs on fake IndexedDB: a wait ceiling for a loaded machine (5 s was passed at load 20), not a speed measure.
  }, 60_000);
});
