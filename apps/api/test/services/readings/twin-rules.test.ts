import type { ReadingPayload } from '@maaler/contract';
import { expectedRange, READING_ERRORS, ReadingBatch, registerRefusalText } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallWritingFunction } from '../../../src/db/engine/data-version-bump.ts';
import { DomainError } from '../../../src/domain/errors.ts';
import { domainErrorAnswer } from '../../../src/http/domain-error-answer.ts';
import { messages } from '../../../src/messages.ts';
import { type IdempotentAnswer, requestFingerprint } from '../../../src/services/readings/idempotency.ts';
import {
  type ReadingsDatabase,
  saveReadings,
  saveReadingsInTransaction,
} from '../../../src/services/readings/save-readings.ts';
import { type DemoMeter, soparken1Meters, userIdOf } from '../../helpers/demo-fixtures.ts';
import { changeMeter, readingOf } from '../../helpers/reading-requests.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';
import { onPostgres } from '../../helpers/test-store.ts';

// ADR 027 keeps two implementations of storing readings on PostgreSQL: the plpgsql function
// register_readings (one statement) and the TypeScript transaction. This file runs one table of cases
// through both, each on its own database seeded alike and driven in lockstep, and holds them to the
// same answers and the same stored rows after every case. On SQLite only the transaction exists; the
// table still holds it to the answers. The cases build on each other, in order.

/** Which way a step went on PostgreSQL's chosen path. */
type Via =
  /** register_readings wrote the batch or answered from the key. */
  | 'statement'
  /** register_readings was called and declined (MA001, nothing kept); the transaction decided. */
  | 'declined'
  /** The check refused or sent the batch to review: the transaction decided. */
  | 'transaction';

type Path = 'chosen' | 'transaction';

/** One database, its demo meters and the call that saves on its path. */
type Side = {
  path: Path;
  app: TestApp;
  userId: string;
  meters: { heat: DemoMeter; coldWater: DemoMeter; hotWater: DemoMeter };
  /** The cold-water meter that replaced the demo one (case "a replaced meter"). */
  newColdWater?: DemoMeter;
  /** The ways the chosen path took, one per save. */
  ways: Via[];
  save: (
    database: ReadingsDatabase,
    request: Parameters<typeof saveReadings>[1],
  ) => Promise<IdempotentAnswer>;
  database: ReadingsDatabase;
};

type Expected = { status: 200; count: number } | { status: 406; validationError: string } | { status: 422 };

type Step = {
  /** Done on every database before the step, identically. */
  setup?: (side: Side) => Promise<void>;
  batch: (side: Side) => ReadingPayload[];
  key?: string;
  expect: (side: Side) => Expected;
  /** On PostgreSQL, the way the chosen path is to take. */
  via: Via;
};

type Case = {
  name: string;
  steps: Step[];
  /** What each database holds after the case, beyond the two being alike. */
  stored?: (side: Side) => Promise<void>;
};

const canonical = (wire: string) => wire.replace(',', '.');

/** The audit trail of a point's reading on a day, oldest first. */
const auditOf = (side: Side, itemId: number, isoDate: string) =>
  side.app.database.db
    .selectFrom('reading_audit as a')
    .innerJoin('readings as r', 'r.id', 'a.reading_id')
    .select(['a.old_value', 'a.new_value'])
    .where('r.device_item_id', '=', itemId)
    .where('r.date_record', '=', isoDate)
    .orderBy('a.id')
    .execute();

/** The stored reading of a point on a day. */
const readingAt = (side: Side, itemId: number, isoDate: string) =>
  side.app.database.db
    .selectFrom('readings')
    .selectAll()
    .where('device_item_id', '=', itemId)
    .where('date_record', '=', isoDate)
    .executeTakeFirst();

const clock = testClock(new Date('2026-11-22T10:00:00Z'));
const TTL_HOURS = 24;

const cw = (side: Side) => side.meters.coldWater;
const heat = (side: Side) => side.meters.heat;
const hw = (side: Side) => side.meters.hotWater;

/** The point's stored readings (estimates are no basis, ADR 021) as the plausibility rule sees them. */
async function knownOf(side: Side, itemId: number) {
  return side.app.database.db
    .selectFrom('readings')
    .select(['date_record as date', 'value'])
    .where('device_item_id', '=', itemId)
    .where('source', '!=', 'estimate')
    .orderBy('date_record')
    .execute();
}

/**
 * A value for `isoDate` that the plausibility rule accepts, or one it warns about (`Til kontrol`);
 * read from the first database before the step (the databases hold the same readings).
 */
const values = new Map<string, string>();
async function valueFor(side: Side, itemId: number, isoDate: string, plausible = true): Promise<string> {
  const known = await knownOf(side, itemId);
  const range = expectedRange(known, isoDate);
  if (!plausible) {
    if (!range) throw new Error(`point ${itemId} has no expected range on ${isoDate}`);
    return String(Math.ceil(range.max * 3 + 100));
  }
  if (range) return String(range.min).replace('.', ',');
  const before = known.filter((reading) => reading.date < isoDate).at(-1);
  return (before?.value ?? '1').replace('.', ',');
}

/** Remembers a computed value under a name, so every database's step sends the same one. */
const remember =
  (name: string) => async (side: Side, itemId: number, isoDate: string, plausible?: boolean) => {
    if (side.path === 'chosen') values.set(name, await valueFor(side, itemId, isoDate, plausible));
  };
const recalled = (name: string): string => {
  const value = values.get(name);
  if (value === undefined) throw new Error(`no value remembered as ${name}`);
  return value;
};

const item = (meter: DemoMeter, name: string) => {
  const id = meter.items[name];
  if (id === undefined) throw new Error(`meter ${meter.deviceId} has no point ${name}`);
  return id;
};

const ok = (count: number) => () => ({ status: 200, count }) as const;
const refused = (validationError: (side: Side) => string) => (side: Side) =>
  ({ status: 406, validationError: validationError(side) }) as const;

const cases: Case[] = [
  {
    name: 'a real reading replaces the estimate of its period (ADR 021)',
    steps: [
      {
        setup: async (side) => {
          await remember('heat-volumen-oct')(side, item(heat(side), 'Volumen'), '2026-10-20');
          await side.app.database.db
            .insertInto('readings')
            .values({
              device_item_id: item(heat(side), 'Volumen'),
              date_record: '2026-10-31',
              value: '99999',
              registered_at: '2026-11-01T06:00:00.000Z',
              registered_by: side.userId,
              plausibility_override: 0,
              source: 'estimate',
            })
            .execute();
        },
        batch: (side) => [readingOf(heat(side), 'Volumen', '10/20/2026', recalled('heat-volumen-oct'))],
        expect: ok(1),
        via: 'declined',
      },
    ],
    stored: async (side) => {
      const { db } = side.app.database;
      const estimates = await db
        .selectFrom('readings')
        .select('date_record')
        .where('source', '=', 'estimate')
        .execute();
      expect(estimates).toEqual([]);
      const replaced = await db
        .selectFrom('replaced_estimates')
        .select(['date_record', 'replacing_date'])
        .execute();
      expect(replaced).toEqual([{ date_record: '2026-10-31', replacing_date: '2026-10-20' }]);
    },
  },
  {
    name: 'a plausible new reading is stored',
    steps: [
      {
        setup: (side) => remember('cw-1102')(side, item(cw(side), 'Volumen'), '2026-11-02'),
        batch: (side) => [readingOf(cw(side), 'Volumen', '11/02/2026', recalled('cw-1102'))],
        expect: ok(1),
        via: 'statement',
      },
    ],
  },
  {
    name: 'an offline reading keeps its source and time of entry, with a key',
    steps: [
      {
        setup: (side) => remember('cw-1103')(side, item(cw(side), 'Volumen'), '2026-11-03'),
        batch: (side) => [
          readingOf(cw(side), 'Volumen', '11/03/2026', recalled('cw-1103'), {
            source: 'offline',
            enteredAt: '2026-11-03T08:15:00Z',
            plausibilityOverride: true,
          }),
        ],
        key: 'offline-1',
        expect: ok(1),
        via: 'statement',
      },
    ],
    stored: async (side) => {
      expect(await readingAt(side, item(cw(side), 'Volumen'), '2026-11-03')).toMatchObject({
        value: canonical(recalled('cw-1103')),
        source: 'offline',
        entered_at: '2026-11-03T08:15:00.000Z',
        plausibility_override: 1,
        needs_review: 0,
      });
    },
  },
  {
    name: 'a batch of new readings on several points, a repeat within it merged',
    steps: [
      {
        setup: async (side) => {
          await remember('heat-energi-1104')(side, item(heat(side), 'Energi'), '2026-11-04');
          await remember('heat-volumen-1104')(side, item(heat(side), 'Volumen'), '2026-11-04');
        },
        batch: (side) => [
          readingOf(heat(side), 'Energi', '11/04/2026', recalled('heat-energi-1104')),
          readingOf(heat(side), 'Volumen', '11/04/2026', recalled('heat-volumen-1104')),
          readingOf(hw(side), 'Volumen', '11/04/2026', '12,5'),
          readingOf(hw(side), 'Volumen', '11/04/2026', '12.5'),
        ],
        expect: ok(4),
        via: 'statement',
      },
    ],
  },
  {
    name: 'an implausible value is stored on Til kontrol (issue 32)',
    steps: [
      {
        setup: (side) => remember('cw-1105-odd')(side, item(cw(side), 'Volumen'), '2026-11-05', false),
        batch: (side) => [readingOf(cw(side), 'Volumen', '11/05/2026', recalled('cw-1105-odd'))],
        expect: ok(1),
        via: 'transaction',
      },
    ],
    stored: async (side) => {
      expect(await readingAt(side, item(cw(side), 'Volumen'), '2026-11-05')).toMatchObject({
        value: canonical(recalled('cw-1105-odd')),
        needs_review: 1,
      });
    },
  },
  {
    name: 'a plausible value for the day takes the reading off Til kontrol',
    steps: [
      {
        setup: (side) => remember('cw-1105')(side, item(cw(side), 'Volumen'), '2026-11-05'),
        batch: (side) => [readingOf(cw(side), 'Volumen', '11/05/2026', recalled('cw-1105'))],
        expect: ok(1),
        via: 'transaction',
      },
    ],
    stored: async (side) => {
      const itemId = item(cw(side), 'Volumen');
      expect(await readingAt(side, itemId, '2026-11-05')).toMatchObject({
        value: canonical(recalled('cw-1105')),
        needs_review: 0,
      });
      expect(await auditOf(side, itemId, '2026-11-05')).toEqual([
        { old_value: null, new_value: canonical(recalled('cw-1105-odd')) },
        { old_value: canonical(recalled('cw-1105-odd')), new_value: canonical(recalled('cw-1105')) },
      ]);
    },
  },
  {
    name: 'the same day again: another value replaces the stored one (audited), the same value changes nothing',
    steps: [
      {
        batch: (side) => [readingOf(hw(side), 'Volumen', '11/04/2026', '13')],
        expect: ok(1),
        via: 'statement',
      },
      {
        batch: (side) => [readingOf(hw(side), 'Volumen', '11/04/2026', '13,0')],
        expect: ok(1),
        via: 'statement',
      },
    ],
    stored: async (side) => {
      const itemId = item(hw(side), 'Volumen');
      expect(await readingAt(side, itemId, '2026-11-04')).toMatchObject({ value: '13' });
      expect(await auditOf(side, itemId, '2026-11-04')).toEqual([
        { old_value: null, new_value: '12.5' },
        { old_value: '12.5', new_value: '13' },
      ]);
    },
  },
  {
    name: 'a new value clears the approval of the one it replaces',
    steps: [
      {
        setup: async (side) => {
          await side.app.database.db
            .updateTable('readings')
            .set({ approved_by: side.userId, approved_at: '2026-11-21T12:00:00.000Z' })
            .where('device_item_id', '=', item(hw(side), 'Volumen'))
            .where('date_record', '=', '2026-11-04')
            .execute();
        },
        batch: (side) => [readingOf(hw(side), 'Volumen', '11/04/2026', '14')],
        expect: ok(1),
        via: 'statement',
      },
    ],
    stored: async (side) => {
      expect(await readingAt(side, item(hw(side), 'Volumen'), '2026-11-04')).toMatchObject({
        value: '14',
        approved_by: null,
        approved_at: null,
      });
    },
  },
  {
    name: 'a replay with the same key answers the first answer and stores nothing',
    steps: [
      {
        setup: (side) => remember('cw-1106')(side, item(cw(side), 'Volumen'), '2026-11-06'),
        batch: (side) => [readingOf(cw(side), 'Volumen', '11/06/2026', recalled('cw-1106'))],
        key: 'replay',
        expect: ok(1),
        via: 'statement',
      },
      {
        batch: (side) => [readingOf(cw(side), 'Volumen', '11/06/2026', recalled('cw-1106'))],
        key: 'replay',
        expect: ok(1),
        via: 'statement',
      },
    ],
    stored: async (side) => {
      expect(await auditOf(side, item(cw(side), 'Volumen'), '2026-11-06')).toHaveLength(1);
    },
  },
  {
    name: 'a key reused for another batch is refused (422), nothing stored',
    steps: [
      {
        setup: (side) => remember('cw-1107')(side, item(cw(side), 'Volumen'), '2026-11-07'),
        batch: (side) => [readingOf(cw(side), 'Volumen', '11/07/2026', recalled('cw-1107'))],
        key: 'replay',
        expect: () => ({ status: 422 }),
        via: 'statement',
      },
    ],
    stored: async (side) => {
      expect(await readingAt(side, item(cw(side), 'Volumen'), '2026-11-07')).toBeUndefined();
    },
  },
  {
    name: 'the form rules refuse (406): two values for one day, a point of no meter of the account, a future date',
    steps: [
      {
        batch: (side) => [
          readingOf(cw(side), 'Volumen', '11/08/2026', '1'),
          readingOf(cw(side), 'Volumen', '11/08/2026', '2'),
        ],
        key: 'form-rules',
        expect: refused(() => READING_ERRORS.duplicate('Volumen')),
        via: 'transaction',
      },
      {
        batch: (side) => [{ ...readingOf(cw(side), 'Volumen', '11/08/2026', '1'), deviceItemId: 999_999 }],
        expect: refused(() => READING_ERRORS.unknownDeviceItem(999_999)),
        via: 'transaction',
      },
      {
        batch: (side) => [readingOf(cw(side), 'Volumen', '11/23/2026', '1')],
        key: 'form-rules',
        expect: refused(() => READING_ERRORS.dateInFuture('Volumen')),
        via: 'transaction',
      },
    ],
  },
  {
    name: 'a register counting only up refuses a lower value (ADR 020) and takes a higher one',
    steps: [
      {
        setup: async (side) => {
          await side.app.database.db
            .updateTable('device_items')
            .set({ counts_up_only: 1 })
            .where('id', '=', item(heat(side), 'Energi'))
            .execute();
        },
        batch: (side) => [
          readingOf(hw(side), 'Volumen', '11/10/2026', '15'),
          readingOf(heat(side), 'Energi', '11/10/2026', '1'),
        ],
        expect: refused(() =>
          registerRefusalText('Energi', {
            kind: 'below-previous',
            previous: { date: '2026-11-04', value: recalled('heat-energi-1104').replace(',', '.') },
          }),
        ),
        via: 'transaction',
      },
      {
        setup: (side) => remember('heat-energi-1110')(side, item(heat(side), 'Energi'), '2026-11-10'),
        batch: (side) => [readingOf(heat(side), 'Energi', '11/10/2026', recalled('heat-energi-1110'))],
        key: 'counts-up',
        expect: ok(1),
        via: 'statement',
      },
    ],
  },
  {
    name: 'a retired meter takes no reading (406); a replay of a key from before still answers',
    steps: [
      {
        batch: (side) => [readingOf(hw(side), 'Volumen', '11/11/2026', '14,5')],
        key: 'before-retire',
        expect: ok(1),
        via: 'statement',
      },
      {
        setup: async (side) => {
          await side.app.database.db
            .updateTable('devices')
            .set({ retired_at: '2026-11-22T09:00:00.000Z' })
            .where('id', '=', hw(side).deviceId)
            .execute();
        },
        batch: (side) => [readingOf(hw(side), 'Volumen', '11/12/2026', '15')],
        expect: refused(() => READING_ERRORS.meterRetired('Volumen')),
        via: 'transaction',
      },
      {
        batch: (side) => [readingOf(hw(side), 'Volumen', '11/11/2026', '14,5')],
        key: 'before-retire',
        expect: ok(1),
        via: 'transaction',
      },
    ],
    stored: async (side) => {
      const itemId = item(hw(side), 'Volumen');
      expect(await readingAt(side, itemId, '2026-11-11')).toMatchObject({ value: '14.5' });
      expect(await readingAt(side, itemId, '2026-11-12')).toBeUndefined();
    },
  },
  {
    name: 'a replaced meter: the old one refuses (406), the new one takes readings from the change on',
    steps: [
      {
        setup: async (side) => {
          const admin = await side.app.login('admin@eksempel.dk');
          const latest = (await knownOf(side, item(cw(side), 'Volumen'))).at(-1);
          if (!latest) throw new Error('the cold-water point has readings');
          const answer = await changeMeter(side.app, admin, cw(side).accountId, cw(side).deviceId, {
            dateRecord: '11/15/2026',
            serialNumber: 'TWIN-KV-2',
            points: [
              {
                deviceItemId: item(cw(side), 'Volumen'),
                finalValue: String(Number(latest.value) + 1),
                startValue: '5',
              },
            ],
          });
          side.newColdWater = {
            accountId: cw(side).accountId,
            gatewayId: answer.GatewayId,
            deviceId: answer.DeviceId,
            items: { Volumen: answer.Points[0]?.DeviceItemId ?? 0 },
          };
        },
        batch: (side) => [readingOf(cw(side), 'Volumen', '11/16/2026', '9999')],
        expect: refused(() => READING_ERRORS.meterRetired('Volumen')),
        via: 'transaction',
      },
      {
        batch: (side) => [readingOf(newColdWater(side), 'Volumen', '11/14/2026', '6')],
        expect: refused(() => READING_ERRORS.beforeMeterInstalled('Volumen', '2026-11-15')),
        via: 'transaction',
      },
      {
        batch: (side) => [readingOf(newColdWater(side), 'Volumen', '11/16/2026', '5,5')],
        key: 'new-meter',
        expect: ok(1),
        via: 'statement',
      },
    ],
    stored: async (side) => {
      const itemId = item(newColdWater(side), 'Volumen');
      expect(await readingAt(side, itemId, '2026-11-14')).toBeUndefined();
      expect(await readingAt(side, itemId, '2026-11-16')).toMatchObject({ value: '5.5' });
    },
  },
  {
    name: 'a reading keeps its reason; another reason for the same value is a correction (issue 37)',
    steps: [
      {
        setup: (side) => remember('heat-energi-1116')(side, item(heat(side), 'Energi'), '2026-11-16'),
        batch: (side) => [
          readingOf(heat(side), 'Energi', '11/16/2026', recalled('heat-energi-1116'), { reason: 'periodic' }),
        ],
        expect: ok(1),
        via: 'statement',
      },
      {
        batch: (side) => [
          readingOf(heat(side), 'Energi', '11/16/2026', recalled('heat-energi-1116'), { reason: 'move-in' }),
        ],
        expect: ok(1),
        via: 'statement',
      },
      {
        batch: (side) => [
          readingOf(heat(side), 'Energi', '11/16/2026', recalled('heat-energi-1116'), {
            reason: 'meter-change',
          }),
        ],
        expect: refused(() => READING_ERRORS.reasonInvalid('Energi')),
        via: 'transaction',
      },
    ],
    stored: async (side) => {
      const itemId = item(heat(side), 'Energi');
      expect(await readingAt(side, itemId, '2026-11-16')).toMatchObject({ reason: 'move-in' });
      const trail = await side.app.database.db
        .selectFrom('reading_audit as a')
        .innerJoin('readings as r', 'r.id', 'a.reading_id')
        .select('a.reason')
        .where('r.device_item_id', '=', itemId)
        .where('r.date_record', '=', '2026-11-16')
        .orderBy('a.id')
        .execute();
      expect(trail).toEqual([{ reason: 'periodic' }, { reason: 'move-in' }]);
    },
  },
  {
    name: 'a control reading is kept beside the day reading, never replacing it (ADR 049)',
    steps: [
      {
        setup: (side) => remember('heat-volumen-1120')(side, item(heat(side), 'Volumen'), '2026-11-20'),
        batch: (side) => [readingOf(heat(side), 'Volumen', '11/20/2026', recalled('heat-volumen-1120'))],
        expect: ok(1),
        via: 'statement',
      },
      {
        batch: (side) => [readingOf(heat(side), 'Volumen', '11/20/2026', '7777', { reason: 'control' })],
        expect: ok(1),
        via: 'transaction',
      },
      {
        // The same control again changes nothing; another value for it replaces the control only.
        batch: (side) => [readingOf(heat(side), 'Volumen', '11/20/2026', '7777', { reason: 'control' })],
        expect: ok(1),
        via: 'transaction',
      },
      {
        batch: (side) => [
          readingOf(heat(side), 'Volumen', '11/20/2026', recalled('heat-volumen-1120')),
          readingOf(heat(side), 'Volumen', '11/20/2026', '7778,5', { reason: 'control' }),
        ],
        expect: ok(2),
        via: 'transaction',
      },
    ],
    stored: async (side) => {
      const itemId = item(heat(side), 'Volumen');
      expect(await readingAt(side, itemId, '2026-11-20')).toMatchObject({
        value: canonical(recalled('heat-volumen-1120')),
        reason: 'periodic',
      });
      expect(await auditOf(side, itemId, '2026-11-20')).toEqual([
        { old_value: null, new_value: canonical(recalled('heat-volumen-1120')) },
      ]);
      const controls = await side.app.database.db
        .selectFrom('control_readings')
        .select(['date_record', 'value'])
        .where('device_item_id', '=', itemId)
        .execute();
      expect(controls).toEqual([{ date_record: '2026-11-20', value: '7778.5' }]);
    },
  },
  {
    name: 'a register that goes round (Omløb, ADR 046) is taken; any other drop is refused as before',
    steps: [
      {
        setup: async (side) => {
          await side.app.database.db
            .updateTable('device_items')
            .set({ register_digits: 4 })
            .where('id', '=', item(heat(side), 'Energi'))
            .execute();
        },
        batch: (side) => [readingOf(heat(side), 'Energi', '11/17/2026', '9999')],
        expect: ok(1),
        via: 'transaction',
      },
      {
        // 9 999 → 3 on four digits: a drop of 99.96 % of the range. Its 4 a day is far below the days
        // before it, so the soft rule sends it to Til kontrol: the transaction stores it.
        batch: (side) => [readingOf(heat(side), 'Energi', '11/18/2026', '3')],
        expect: ok(1),
        via: 'transaction',
      },
      {
        batch: (side) => [readingOf(heat(side), 'Energi', '11/19/2026', '2')],
        expect: refused(() =>
          registerRefusalText('Energi', {
            kind: 'below-previous',
            previous: { date: '2026-11-18', value: '3' },
          }),
        ),
        via: 'transaction',
      },
      {
        // 9 999 → 999: a drop of exactly 90 % of the range is no rollover.
        batch: (side) => [readingOf(heat(side), 'Energi', '11/18/2026', '999')],
        expect: refused(() =>
          registerRefusalText('Energi', {
            kind: 'below-previous',
            previous: { date: '2026-11-17', value: '9999' },
          }),
        ),
        via: 'transaction',
      },
    ],
    stored: async (side) => {
      const itemId = item(heat(side), 'Energi');
      expect(await readingAt(side, itemId, '2026-11-18')).toMatchObject({ value: '3' });
      expect(await readingAt(side, itemId, '2026-11-19')).toBeUndefined();
    },
  },
  {
    name: 'an expired key is taken over by another batch',
    steps: [
      {
        setup: async (side) => {
          if (side.path === 'chosen') clock.advance((TTL_HOURS + 1) * 3_600_000);
          await remember('heat-volumen-1123')(side, item(heat(side), 'Volumen'), '2026-11-23');
        },
        batch: (side) => [readingOf(heat(side), 'Volumen', '11/23/2026', recalled('heat-volumen-1123'))],
        key: 'replay',
        expect: ok(1),
        via: 'statement',
      },
    ],
    stored: async (side) => {
      const key = await side.app.database.db
        .selectFrom('idempotency_keys')
        .select('created_at')
        .where('key', '=', 'replay')
        .executeTakeFirst();
      expect(key).toEqual({ created_at: '2026-11-23T11:00:00.000Z' });
      expect(await readingAt(side, item(heat(side), 'Volumen'), '2026-11-23')).toBeDefined();
    },
  },
];

function newColdWater(side: Side): DemoMeter {
  if (!side.newColdWater) throw new Error('the meter change ran before');
  return side.newColdWater;
}

/** What a save answered, as the route would send it. */
async function answerOf(save: Promise<IdempotentAnswer>): Promise<Expected> {
  try {
    const answer = await save;
    return { status: 200, count: (answer.body as { Count: number }).Count } as Expected;
  } catch (error) {
    const answer = error instanceof DomainError ? domainErrorAnswer(error) : undefined;
    if (!answer) throw error;
    if (answer.status === 406) return { status: 406, validationError: String(answer.body.validationError) };
    expect(answer.body).toEqual({ Message: messages.idempotencyKeyReused });
    return { status: answer.status } as Expected;
  }
}

/**
 * What a database holds that saving readings writes, with the ids that differ between two databases
 * seeded alike (users, accounts, and serial numbers PostgreSQL spends on a statement it rolls back)
 * replaced by what they stand for.
 */
async function storedRows(side: Side) {
  const { db } = side.app.database;
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.id, u.email]),
  );
  const who = (id: string | null) => (id === null ? null : (users.get(id) ?? id));
  const readings = await db
    .selectFrom('readings')
    .selectAll()
    .orderBy('device_item_id')
    .orderBy('date_record')
    .execute();
  const audit = await db
    .selectFrom('reading_audit as a')
    .innerJoin('readings as r', 'r.id', 'a.reading_id')
    .select([
      'r.device_item_id',
      'r.date_record',
      'a.old_value',
      'a.new_value',
      'a.changed_at',
      'a.changed_by',
      'a.plausibility_override',
      'a.source',
      'a.entered_at',
      'a.reason',
    ])
    .orderBy('r.device_item_id')
    .orderBy('r.date_record')
    .orderBy('a.id')
    .execute();
  const replaced = await db.selectFrom('replaced_estimates').selectAll().orderBy('id').execute();
  const controls = await db
    .selectFrom('control_readings')
    .selectAll()
    .orderBy('device_item_id')
    .orderBy('date_record')
    .execute();
  const keys = await db.selectFrom('idempotency_keys').selectAll().orderBy('key').execute();
  return {
    readings: readings.map(({ id: _, ...r }) => ({
      ...r,
      registered_by: who(r.registered_by),
      approved_by: who(r.approved_by),
    })),
    audit: audit.map((a) => ({ ...a, changed_by: who(a.changed_by) })),
    controls: controls.map(({ id: _, ...c }) => ({ ...c, registered_by: who(c.registered_by) })),
    replacedEstimates: replaced.map(({ id: _, ...r }) => ({
      ...r,
      estimated_by: who(r.estimated_by),
      replaced_by: who(r.replaced_by),
    })),
    keys: keys.map((k) => ({
      ...k,
      user_id: who(k.user_id),
      request_hash: fingerprints.get(k.request_hash),
    })),
  };
}

/** Each fingerprint a step sent, by the key and step that sent it (account ids differ per database). */
const fingerprints = new Map<string, string>();

describe('the twin rules: one table of cases through both ways of saving readings (ADR 027)', () => {
  const paths: Path[] = onPostgres() ? ['chosen', 'transaction'] : ['chosen'];
  const sides: Side[] = [];

  beforeAll(async () => {
    for (const path of paths) {
      const app = await createTestApp({ clock });
      const { db } = app.database;
      const ways: Via[] = [];
      const call = app.database.callWritingFunction;
      // Observes which way the chosen path took; the call itself is the real one.
      const observed: CallWritingFunction | undefined = call
        ? async <R extends object>(name: string, args: readonly (string | null)[]) => {
            try {
              const rows = await call<R>(name, args);
              ways.push('statement');
              return rows;
            } catch (error) {
              if ((error as { code?: unknown }).code === 'MA001') ways.push('declined');
              throw error;
            }
          }
        : undefined;
      const { heat, coldWater, hotWater } = await soparken1Meters(db);
      sides.push({
        path,
        app,
        userId: await userIdOf(db, 'kunde@eksempel.dk'),
        meters: { heat, coldWater, hotWater },
        ways,
        save: path === 'chosen' ? saveReadings : saveReadingsInTransaction,
        database: { db, writeTransaction: app.app.writeTransaction, callWritingFunction: observed },
      });
    }
  });
  afterAll(async () => {
    for (const side of sides) await side.app.close();
  });

  for (const [caseIndex, testCase] of cases.entries()) {
    it(testCase.name, async () => {
      for (const [stepIndex, step] of testCase.steps.entries()) {
        const answers: Expected[] = [];
        for (const side of sides) {
          await step.setup?.(side);
          const now = clock.now();
          const batch = ReadingBatch.parse(step.batch(side));
          const accountId = side.meters.heat.accountId;
          const fingerprint = requestFingerprint(accountId, batch);
          fingerprints.set(fingerprint, `${step.key}: case ${caseIndex} step ${stepIndex}`);
          const idempotency = step.key
            ? { userId: side.userId, key: step.key, fingerprint, now, ttlHours: TTL_HOURS }
            : undefined;
          const waysBefore = side.ways.length;
          answers.push(
            await answerOf(
              side.save(side.database, { accountId, userId: side.userId, batch, now, idempotency }),
            ),
          );
          if (side.path === 'chosen' && side.database.callWritingFunction) {
            const way = side.ways.slice(waysBefore);
            expect(way.length === 0 ? 'transaction' : way.join(', '), `step ${stepIndex}`).toBe(step.via);
          }
          expect(answers.at(-1), `step ${stepIndex} on ${side.path}`).toEqual(step.expect(side));
        }
        expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      }
      for (const side of sides) await testCase.stored?.(side);
      const [first, ...others] = await Promise.all(sides.map(storedRows));
      for (const other of others) expect(other).toEqual(first);
    });
  }
});
