import type { ReadingSource } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

// The demo seed generates its ids; these look them up by the names the demo data gives.

export const ACCOUNT_NAMES = {
  soparken1: 'Søparken afdeling 1',
  soparken2: 'Søparken afdeling 2',
  norrevang: 'Nørrevang erhvervslejemål',
  klover: 'Kløverhuse',
} as const;

export const CUSTOMER_NAMES = {
  soparken: 'Boligforeningen Søparken',
  norrevang: 'Ejendomsselskabet Nørrevang A/S',
  klover: 'Andelsboligforeningen Kløverhuse',
} as const;

/** A comma-separated guid list as a sorted array, for comparisons that do not depend on order. */
export const sortedList = (list: string): string[] => (list === '' ? [] : list.split(',').sort());

export async function userIdOf(db: Kysely<Database>, email: string): Promise<string> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

export async function customerIdOf(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function accountIdOf(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db.selectFrom('accounts').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** The generated ids of every demo customer and account, by the keys of CUSTOMER_NAMES and ACCOUNT_NAMES. */
export async function demoIdsOf(db: Kysely<Database>) {
  const idsOf = async <K extends string>(
    names: Record<K, string>,
    idOf: (db: Kysely<Database>, name: string) => Promise<string>,
  ) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries<string>(names).map(async ([key, name]) => [key, await idOf(db, name)]),
      ),
    ) as Record<K, string>;
  return {
    customers: await idsOf(CUSTOMER_NAMES, customerIdOf),
    accounts: await idsOf(ACCOUNT_NAMES, accountIdOf),
  };
}

/** What demoIdsOf gives. */
export type DemoIds = Awaited<ReturnType<typeof demoIdsOf>>;

export type DemoMeter = {
  accountId: string;
  gatewayId: number;
  deviceId: number;
  /** The meter's measurement points by name. */
  items: Record<string, number>;
};

/** A meter found by its location's and its own name. */
export async function meterOf(
  db: Kysely<Database>,
  gatewayName: string,
  deviceName: string,
): Promise<DemoMeter> {
  const rows = await db
    .selectFrom('device_items as i')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .select(['g.account_id', 'g.id as gatewayId', 'd.id as deviceId', 'i.id as itemId', 'i.name as itemName'])
    .where('g.name', '=', gatewayName)
    .where('d.name', '=', deviceName)
    .execute();
  const first = rows[0];
  if (!first) throw new Error(`no demo meter ${gatewayName} / ${deviceName}`);
  return {
    accountId: first.account_id,
    gatewayId: first.gatewayId,
    deviceId: first.deviceId,
    items: Object.fromEntries(rows.map((row) => [row.itemName, row.itemId])),
  };
}

/** A meter with one measurement point, as a test's import creates it: its id, location and point. */
export type OnePointMeter = { id: number; gatewayId: number; pointId: number };

/** The one-point meter with this serial number. */
export function onePointMeterOf(db: Kysely<Database>, serial: string): Promise<OnePointMeter> {
  return db
    .selectFrom('devices as d')
    .innerJoin('device_items as i', 'i.device_id', 'd.id')
    .select(['d.id as id', 'd.gateway_id as gatewayId', 'i.id as pointId'])
    .where('d.serial_number', '=', serial)
    .executeTakeFirstOrThrow();
}

/** Søparken afdeling 1: heat meter with 'Energi' and 'Volumen' (both with history). */
/** How many readings of `source` (e.g. `remote`) the database holds. */
export async function readingCountOf(db: Kysely<Database>, source: ReadingSource): Promise<number> {
  const { n } = await db
    .selectFrom('readings')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export const HEAT_METER = ['Søparken 12, kælder', 'Varmemåler opgang 12'] as const;
/** Søparken afdeling 1: hot water meter whose one point 'Volumen' has no readings. */
export const HOT_WATER_METER = ['Søparken 14, teknikrum', 'Varmt vand'] as const;
/** Søparken afdeling 1: cold water meter, one point 'Volumen'. */
export const COLD_WATER_METER = ['Søparken 12, kælder', 'Koldt vand hovedmåler'] as const;
/** Kløverhuse: the third customer's only meter. */
export const KLOVER_METER = ['Kløvervej 3, kælder', 'Vandmåler'] as const;

/** Søparken afdeling 1 (kunde@ reaches it) and the three meters most tests read, skip and check. */
export async function soparken1Meters(db: Kysely<Database>) {
  return {
    soparken1: await accountIdOf(db, ACCOUNT_NAMES.soparken1),
    heat: await meterOf(db, ...HEAT_METER),
    coldWater: await meterOf(db, ...COLD_WATER_METER),
    hotWater: await meterOf(db, ...HOT_WATER_METER),
  };
}

/** Every row of the tables a request could change, to show that a refused request changed nothing. */
export async function snapshotData(db: Kysely<Database>): Promise<string> {
  const tables = [
    db.selectFrom('customers').selectAll().orderBy('id').execute(),
    db.selectFrom('accounts').selectAll().orderBy('id').execute(),
    db.selectFrom('account_settings').selectAll().orderBy('account_id').orderBy('key').execute(),
    db.selectFrom('readings').selectAll().orderBy('id').execute(),
    db.selectFrom('reading_audit').selectAll().orderBy('id').execute(),
    db.selectFrom('replaced_estimates').selectAll().orderBy('id').execute(),
    db.selectFrom('control_readings').selectAll().orderBy('id').execute(),
    db.selectFrom('reading_skips').selectAll().orderBy('id').execute(),
    db.selectFrom('gateways').selectAll().orderBy('id').execute(),
    db.selectFrom('devices').selectAll().orderBy('id').execute(),
    db.selectFrom('device_items').selectAll().orderBy('id').execute(),
    db.selectFrom('meter_residents').selectAll().orderBy('device_id').execute(),
    db.selectFrom('idempotency_keys').selectAll().orderBy('user_id').orderBy('key').execute(),
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('user_accounts').selectAll().orderBy('user_id').orderBy('account_id').execute(),
    db.selectFrom('device_credentials').selectAll().orderBy('id').execute(),
    db.selectFrom('tasks').selectAll().orderBy('id').execute(),
    db.selectFrom('task_comments').selectAll().orderBy('id').execute(),
    db.selectFrom('api_keys').selectAll().orderBy('id').execute(),
  ];
  return JSON.stringify(await Promise.all(tables));
}

/** Gives an account a reading period other than the default monthly one, as the account setting does. */
export async function setReadingPeriod(
  db: Kysely<Database>,
  accountId: string,
  period: 'quarterly' | 'yearly',
): Promise<void> {
  await db
    .insertInto('account_settings')
    .values({
      account_id: accountId,
      key: 'readingPeriod',
      value: period,
      updated_at: '2026-11-01T00:00:00Z',
    })
    .execute();
}
