import { hash } from '@node-rs/argon2';
import { type Kysely, sql } from 'kysely';
import { onPostgres } from '../db/engine/on-postgres.ts';
import type { Database } from '../db/schema.ts';
import { PASSWORD_HASH_PARAMS } from '../services/auth/passwords.ts';
import { insertRows, TABLES, valuesIn } from './bulk-insert.ts';
import { drawBytes } from './seeded-random.ts';
import { type MeterCursor, metersOfAccount, type PointModel } from './tenant-meters.ts';
import { type GeneratedUser, organisationOf, readerOf } from './tenant-organisation.ts';
import { readingWindows } from './tenant-readings.ts';
import type { TenantShape } from './tenant-shape.ts';
import { skipsOfAccount } from './tenant-skips.ts';
import { STREAM } from './tenant-streams.ts';

export type GenerationStep = 'users' | 'meters' | 'readings' | 'statistics';
export type GenerationProgress = { step: GenerationStep; done: number; of: number; seconds: number };
export type GenerationSummary = {
  customers: number;
  accounts: number;
  users: number;
  locations: number;
  meters: number;
  points: number;
  readings: number;
  auditRows: number;
  skips: number;
  seconds: number;
};

/** The database already holds data: the generator only fills an empty one, so its ids and data are its own. */
export class DatabaseNotEmptyError extends Error {}

/** Days of readings written per transaction. */
const WINDOW_DAYS = 14;
const SERIAL_TABLES = [
  'gateways',
  'devices',
  'device_items',
  'readings',
  'reading_audit',
  'reading_skips',
] as const;

/**
 * Fills an empty, migrated database with a deterministic tenant (tenant-shape.ts): bulk inserts in
 * large transactions, the ids given here; on SQLite with `synchronous=OFF` and a large page cache
 * while it runs (restored after), on PostgreSQL with `synchronous_commit` off per transaction, its
 * sequences moved past the ids, foreign-key triggers skipped for a superuser and `VACUUM ANALYZE` at the
 * end, as autovacuum would leave the tables.
 */
export async function generateTenant(
  db: Kysely<Database>,
  shape: TenantShape,
  onProgress: (progress: GenerationProgress) => void,
): Promise<GenerationSummary> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  const postgres = onPostgres(db);
  if (await holdsData(db))
    throw new DatabaseNotEmptyError('The database is not empty: generate-tenant fills a new one');
  // The generated rows refer only to rows generated before them: a superuser skips the foreign-key
  // triggers while loading, as pg_restore does (the constraints stay; only their per-row checks are skipped).
  const skipForeignKeyChecks = postgres && (await isSuperuser(db));
  const inTransaction = (work: (trx: Kysely<Database>) => Promise<void>) =>
    db.transaction().execute(async (trx) => {
      if (postgres) await sql`set local synchronous_commit = off`.execute(trx);
      if (skipForeignKeyChecks) await sql`set local session_replication_role = replica`.execute(trx);
      await work(trx);
    });
  const restore = postgres ? async () => {} : await fastSqliteWrites(db);
  try {
    const organisation = organisationOf(shape);
    const users = [organisation.admin, ...organisation.readers, ...organisation.members];
    const passwordHash = await hash(shape.password, {
      ...PASSWORD_HASH_PARAMS,
      salt: drawBytes(shape.seed, STREAM.passwordSalt, 16),
    });
    await inTransaction(async (trx) => {
      const { customer, accounts, settings } = organisation;
      await insertRows(trx, TABLES.customers, [valuesIn(TABLES.customers)(customer)]);
      await insertRows(trx, TABLES.accounts, accounts.map(valuesIn(TABLES.accounts)));
      await insertRows(trx, TABLES.accountSettings, settings.map(valuesIn(TABLES.accountSettings)));
      await insertRows(
        trx,
        TABLES.users,
        users.map((user) => userValues(user, passwordHash, customer.created_at)),
      );
      await insertRows(
        trx,
        TABLES.userCustomers,
        users.map((user) => [user.id, customer.id]),
      );
      await insertRows(
        trx,
        TABLES.userAccounts,
        users.flatMap((user) => user.accountIndexes.map((a) => [user.id, organisation.accounts[a]?.id])),
      );
    });
    onProgress({ step: 'users', done: users.length, of: users.length, seconds: seconds() });

    const cursor: MeterCursor = { location: 0, meter: 0, point: 0 };
    const points: PointModel[] = [];
    let skips = 0;
    for (const [a, account] of organisation.accounts.entries()) {
      const meters = metersOfAccount(shape, a, account.id, cursor);
      const readerId = readerOf(organisation, a).id;
      const skipRows = skipsOfAccount(shape, { id: account.id, ...meters }, readerId, () => ++skips);
      await inTransaction(async (trx) => {
        await insertRows(trx, TABLES.gateways, meters.gateways.map(valuesIn(TABLES.gateways)));
        await insertRows(trx, TABLES.devices, meters.devices.map(valuesIn(TABLES.devices)));
        await insertRows(trx, TABLES.deviceItems, meters.items.map(valuesIn(TABLES.deviceItems)));
        await insertRows(trx, TABLES.readingSkips, skipRows);
      });
      points.push(...meters.points);
      if ((a + 1) % 20 === 0 || a + 1 === shape.accounts) {
        onProgress({ step: 'meters', done: cursor.meter, of: shape.meters, seconds: seconds() });
      }
    }

    const registrars = {
      readerOf: (accountIndex: number) => readerOf(organisation, accountIndex).id,
      admin: organisation.admin.id,
    };
    let readings = 0;
    let auditRows = 0;
    let reported = 0;
    for (const window of readingWindows(shape, points, registrars, WINDOW_DAYS)) {
      await inTransaction(async (trx) => {
        await insertRows(trx, TABLES.readings, window.readings);
        await insertRows(trx, TABLES.readingAudit, window.audits);
      });
      readings += window.readings.length;
      auditRows += window.audits.length;
      if (readings - reported >= shape.readings / 20 || readings === shape.readings) {
        reported = readings;
        onProgress({ step: 'readings', done: readings, of: shape.readings, seconds: seconds() });
      }
    }

    if (postgres) {
      for (const table of SERIAL_TABLES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.table(table)}`.execute(
          db,
        );
      }
      await sql`vacuum analyze`.execute(db);
    } else {
      await sql`pragma wal_checkpoint(truncate)`.execute(db);
    }
    onProgress({ step: 'statistics', done: 1, of: 1, seconds: seconds() });
    return {
      customers: 1,
      accounts: shape.accounts,
      users: users.length,
      locations: cursor.location,
      meters: cursor.meter,
      points: cursor.point,
      readings,
      auditRows,
      skips,
      seconds: seconds(),
    };
  } finally {
    await restore();
  }
}

async function holdsData(db: Kysely<Database>): Promise<boolean> {
  for (const table of ['users', 'customers', 'readings'] as const) {
    if (await db.selectFrom(table).select(sql.lit(1).as('one')).limit(1).executeTakeFirst()) return true;
  }
  return false;
}

async function isSuperuser(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{
    superuser: string;
  }>`select current_setting('is_superuser') as superuser`.execute(db);
  return rows[0]?.superuser === 'on';
}

function userValues(user: GeneratedUser, passwordHash: string, stamp: string): unknown[] {
  return [user.id, user.email, user.name, passwordHash, user.role, 0, 0, 0, stamp, stamp];
}

/**
 * SQLite: no fsync per transaction and a 1 GiB page cache while generating (a crash would lose the
 * half-made tenant, nothing else); the connection's settings are put back afterwards.
 */
async function fastSqliteWrites(db: Kysely<Database>): Promise<() => Promise<void>> {
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  const cacheSize = Number(rows[0]?.cache_size ?? -2000);
  await sql`pragma synchronous = off`.execute(db);
  await sql`pragma cache_size = -1048576`.execute(db);
  return async () => {
    await sql`pragma synchronous = full`.execute(db);
    await sql.raw(`pragma cache_size = ${cacheSize}`).execute(db);
  };
}
