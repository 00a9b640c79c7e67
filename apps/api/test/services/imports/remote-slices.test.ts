import { REMOTE_FAULT_REASON } from '@maaler/contract';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { insertReadingsIfAbsent } from '../../../src/db/repositories/readings.ts';
import { recordSecurityEvent } from '../../../src/services/auth/security-events.ts';
import { parseImportFile } from '../../../src/services/imports/import-files.ts';
import { createRemoteSliceWriter } from '../../../src/services/imports/remote/remote-slice-writer.ts';
import { type RemoteEntry, remoteSlices } from '../../../src/services/imports/remote/remote-slices.ts';
import { type RemoteSliceStore, runImport } from '../../../src/services/imports/run-import.ts';
import { ACCOUNT_NAMES, accountIdOf, readingCountOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';
import { onPostgres } from '../../helpers/test-store.ts';

// How a remote file's writes are cut into committed slices (ADR 052), pure.

const entry = (deviceItemId: number, dateRecord: string): RemoteEntry => ({
  row: { line: 1, radioId: 'R', at: `${dateRecord}T06:00:00Z`, date: dateRecord, values: [], fault: null },
  reading: {
    deviceItemId,
    dateRecord,
    value: '1',
    plausibilityOverride: false,
    source: 'remote',
    enteredAt: null,
    reason: 'periodic',
  },
});

/** `days` values of each point; point p belongs to meter 1000 + floor(p / pointsPerMeter). */
function writesOf(points: number, pointsPerMeter: number, days: number) {
  const deviceOfPoint = new Map<number, number>();
  const writes: RemoteEntry[] = [];
  for (let d = 0; d < days; d++)
    for (let p = 0; p < points; p++) {
      deviceOfPoint.set(p, 1000 + Math.floor(p / pointsPerMeter));
      writes.push(entry(p, `2026-10-${String(d + 1).padStart(2, '0')}`));
    }
  return { writes, deviceOfPoint };
}

describe('remoteSlices', () => {
  it('keeps each meter whole in one slice of at most 500 values, and loses no write', () => {
    const { writes, deviceOfPoint } = writesOf(600, 2, 3);
    const slices = remoteSlices(writes, deviceOfPoint);
    expect(slices.map((slice) => slice.length)).toEqual([498, 498, 498, 306]);
    const meterSlices = new Map<number, Set<number>>();
    for (const [index, slice] of slices.entries())
      for (const { reading } of slice) {
        const meter = deviceOfPoint.get(reading.deviceItemId) ?? -1;
        meterSlices.set(meter, (meterSlices.get(meter) ?? new Set()).add(index));
      }
    expect([...meterSlices.values()].every((set) => set.size === 1)).toBe(true);
    expect(slices.flat()).toHaveLength(writes.length);
    expect(new Set(slices.flat())).toEqual(new Set(writes));
  });

  it('gives a meter with more values than a slice holds a slice of its own', () => {
    const { writes, deviceOfPoint } = writesOf(3, 1, 300);
    expect(remoteSlices(writes, deviceOfPoint).map((slice) => slice.length)).toEqual([300, 300, 300]);
    expect(remoteSlices([], deviceOfPoint)).toEqual([]);
  });
});

// The writer thread on SQLite (ADR 052, "worker"): it stores what the main thread's path stores, and an
// apply it stopped half-way is completed by the same file again. Real SQLite files, real worker threads.

const FILE_METERS = 150;
const FILE_DAYS = 20;
const FIRST_DAY = Date.UTC(2026, 9, 1, 6);
const radioOf = (m: number) => `WORKER-${String(m).padStart(3, '0')}`;

function metersCsv(): Buffer {
  const lines = ['Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Fjernaflæst;Radio-id'];
  for (let m = 0; m < FILE_METERS; m++)
    lines.push(`Trådvej ${Math.floor(m / 25)};;Måler ${m};${radioOf(m)};Vand;Volumen;m³;ja;`);
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** A telegram a day of every meter; every tenth meter reports a leak on day 3, which opens a task. */
function telegrams(total: (m: number, d: number) => number): Buffer {
  const lines: string[] = [];
  for (let d = 0; d < FILE_DAYS; d++)
    for (let m = 0; m < FILE_METERS; m++)
      lines.push(
        JSON.stringify({
          meter: 'multical21',
          id: radioOf(m),
          total_m3: total(m, d),
          current_status: m % 10 === 0 && d === 3 ? 'LEAK' : 'OK',
          timestamp: new Date(FIRST_DAY + d * 86_400_000).toISOString(),
        }),
      );
  return Buffer.from(lines.join('\n'));
}

describe('remote slices stored by the writer thread', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  /** A demo app with the file's meters in Søparken 1 and a person's reading on meter 7's day 5. */
  async function appWithMeters() {
    const t = await createTestApp({ clock: testClock(now) });
    apps.push(t);
    const accountId = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
    const admin = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@eksempel.dk')
      .executeTakeFirstOrThrow();
    const meters = await runImport(
      { db: t.database.db, writeTransaction: t.app.writeTransaction },
      { accountId, kind: 'meters', parsed: await parseImportFile('meters', 'csv', metersCsv()) },
      now,
      { userId: admin.id, applied: async () => {} },
    );
    expect(meters).toMatchObject({ applied: true, errors: [] });
    const point = await t.database.db
      .selectFrom('devices as d')
      .innerJoin('device_items as i', 'i.device_id', 'd.id')
      .select('i.id')
      .where('d.serial_number', '=', radioOf(7))
      .executeTakeFirstOrThrow();
    await t.app.writeTransaction((trx) =>
      insertReadingsIfAbsent(trx, [
        {
          deviceItemId: point.id,
          dateRecord: '2026-10-06',
          value: '5000',
          at: now.toISOString(),
          by: admin.id,
          plausibilityOverride: 0,
          needsReview: 0,
          source: 'web',
          enteredAt: null,
          reason: 'periodic',
        },
      ]),
    );
    return { t, accountId, userId: admin.id };
  }

  function importRemote(
    { t, accountId, userId }: Awaited<ReturnType<typeof appWithMeters>>,
    bytes: Buffer,
    storeSlice?: RemoteSliceStore,
  ) {
    return parseImportFile('readings', 'wmbusmeters', bytes).then((parsed) =>
      runImport(
        {
          db: t.database.db,
          writeTransaction: t.app.writeTransaction,
          ...(storeSlice ? { storeRemoteSlice: storeSlice } : {}),
        },
        { accountId, kind: 'readings', parsed },
        now,
        {
          userId,
          applied: (trx, { rows, created, changed, unchanged }) =>
            recordSecurityEvent({ log: t.app.log, db: trx, userId, now }, 'import.applied', {
              accountId,
              kind: 'readings',
              rows,
              created,
              changed,
              unchanged,
            }),
        },
      ),
    );
  }

  /**
   * What an import leaves: readings, their audit, tasks and audit events, without generated ids and
   * with the seed's random user and account ids named.
   */
  async function stored({ t, userId, accountId }: Awaited<ReturnType<typeof appWithMeters>>) {
    const db = t.database.db;
    const filePoints = db
      .selectFrom('device_items as i')
      .innerJoin('devices as d', 'd.id', 'i.device_id')
      .select('i.id')
      .where('d.serial_number', 'like', 'WORKER-%');
    const [readings, audit, tasks, events] = await Promise.all([
      db
        .selectFrom('readings')
        .select([
          'device_item_id',
          'date_record',
          'value',
          'source',
          'reason',
          'needs_review',
          'registered_by',
        ])
        .where('device_item_id', 'in', filePoints)
        .orderBy('device_item_id')
        .orderBy('date_record')
        .execute(),
      db
        .selectFrom('reading_audit as a')
        .innerJoin('readings as r', 'r.id', 'a.reading_id')
        .select([
          'r.device_item_id',
          'r.date_record',
          'a.old_value',
          'a.new_value',
          'a.changed_by',
          'a.source',
        ])
        .where('r.device_item_id', 'in', filePoints)
        .orderBy('a.id')
        .execute(),
      db
        .selectFrom('tasks as t')
        .innerJoin('devices as d', 'd.id', 't.device_id')
        .select(['t.device_id', 't.reason', 't.note', 't.status'])
        .where('d.serial_number', 'like', 'WORKER-%')
        .orderBy('t.device_id')
        .orderBy('t.note')
        .execute(),
      db
        .selectFrom('audit_events')
        .select(['event', 'user_id', 'account_id', 'details'])
        .where('event', '=', 'import.applied')
        .orderBy('at')
        .execute(),
    ]);
    const named = JSON.stringify({ readings, audit, tasks, events })
      .replaceAll(userId, 'the admin')
      .replaceAll(accountId, 'the account');
    return JSON.parse(named) as {
      readings: typeof readings;
      audit: typeof audit;
      tasks: typeof tasks;
      events: typeof events;
    };
  }

  function writerOf(t: TestApp) {
    const { sqliteFile, writeTurns, databaseUrl } = t.app;
    if (sqliteFile && writeTurns) return createRemoteSliceWriter({ sqliteFile }, writeTurns);
    if (!databaseUrl) throw new Error('the test app has neither a SQLite file nor a PostgreSQL URL');
    return createRemoteSliceWriter({ databaseUrl });
  }

  const remoteCount = (t: TestApp) => readingCountOf(t.database.db, 'remote');

  it('stores exactly what the main thread stores: the same readings, corrections, tasks and audit', async () => {
    const [onMain, inWorker] = [await appWithMeters(), await appWithMeters()];
    const writer = writerOf(inWorker.t);
    try {
      const first = telegrams((m, d) => 100 + d + m / 1000);
      // The second file corrects every meter's day 10 and adds nothing else.
      const second = telegrams((m, d) => 100 + d + m / 1000 + (d === 10 ? 0.5 : 0));
      for (const file of [first, second]) {
        const main = await importRemote(onMain, file);
        const worker = await importRemote(inWorker, file, writer.store);
        expect(worker).toEqual(main);
      }
      const expected = await stored(onMain);
      // What the comparison covers: every remote value but the person's day, a task per leaking meter,
      // each correction of day 10 audited, and one import.applied per file.
      expect(expected.readings.filter((r) => r.source === 'remote')).toHaveLength(
        FILE_METERS * FILE_DAYS - 1,
      );
      expect(expected.tasks.filter((task) => task.reason === REMOTE_FAULT_REASON)).toHaveLength(
        FILE_METERS / 10,
      );
      expect(expected.audit.filter((entry) => entry.old_value !== null)).toHaveLength(FILE_METERS);
      expect(expected.events).toHaveLength(2);
      expect(await stored(inWorker)).toEqual(expected);
      expect(await remoteCount(inWorker.t)).toBe(FILE_METERS * FILE_DAYS - 1);
    } finally {
      await writer.close();
    }
  });

  it('an apply whose worker is ended half-way keeps the committed slices, and the same file again completes it', async () => {
    const target = await appWithMeters();
    const file = telegrams((m, d) => 100 + d + m / 1000);
    const writer = writerOf(target.t);
    const applying = importRemote(target, file, writer.store);
    const failed = applying.then(
      () => false,
      () => true,
    );
    // Ended once the first slices are committed, as when the server stops during the apply.
    while ((await remoteCount(target.t)) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await writer.close();
    expect(await failed).toBe(true);
    const part = await remoteCount(target.t);
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThan(FILE_METERS * FILE_DAYS - 1);

    const again = writerOf(target.t);
    try {
      const completed = await importRemote(target, file, again.store);
      expect(completed).toMatchObject({ applied: true, errors: [] });
      expect(completed.created).toBeGreaterThan(0);
      expect(completed.created).toBeLessThan(FILE_METERS * FILE_DAYS);
      expect(await remoteCount(target.t)).toBe(FILE_METERS * FILE_DAYS - 1);
      const { tasks } = await stored(target);
      expect(tasks.filter((task) => task.reason === REMOTE_FAULT_REASON)).toHaveLength(FILE_METERS / 10);
    } finally {
      await again.close();
    }
  });

  it('an apply a slice of which fails in the worker keeps the slices before it; the same file again completes it', async () => {
    const target = await appWithMeters();
    const db = target.t.database.db;
    // A database error in the fifth slice's first meter (meters 100-124), as a full disk would raise.
    if (onPostgres()) {
      await sql`create function refuse_meter_100() returns trigger language plpgsql as $$
        begin if new.value = '100.1' then raise exception 'refused by the test'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_meter_100 before insert on readings
        for each row execute function refuse_meter_100()`.execute(db);
    } else
      await sql`create trigger refuse_meter_100 before insert on readings when new.value = '100.1'
        begin select raise(abort, 'refused by the test'); end`.execute(db);
    const file = telegrams((m, d) => 100 + d + m / 1000);
    const writer = writerOf(target.t);
    try {
      await expect(importRemote(target, file, writer.store)).rejects.toThrow('refused by the test');
      // Slices of 25 meters × 20 days: the four before the failing one are stored, the person's day kept.
      expect(await remoteCount(target.t)).toBe(100 * FILE_DAYS - 1);
      await (onPostgres()
        ? sql`drop trigger refuse_meter_100 on readings`
        : sql`drop trigger refuse_meter_100`
      ).execute(db);
      const completed = await importRemote(target, file, writer.store);
      expect(completed).toMatchObject({ applied: true, created: 50 * FILE_DAYS, errors: [] });
      expect(await remoteCount(target.t)).toBe(FILE_METERS * FILE_DAYS - 1);
    } finally {
      await writer.close();
    }
  });
});
