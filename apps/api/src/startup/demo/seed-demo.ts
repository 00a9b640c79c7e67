import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { onPostgres } from '../../db/engine/on-postgres.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { DEMO_HISTORY_MONTHS, DEMO_PASSWORD, demoAccounts, demoCustomers, demoUsers } from './demo-data.ts';

/** Any fixed number: the PostgreSQL advisory lock that lets one instance at a time seed. */
const DEMO_SEED_LOCK = 7_245_001;

/** Seeds the demo data into an empty database; does nothing when any user exists. */
export async function seedDemoData(db: Kysely<Database>, now: Date = new Date()): Promise<boolean> {
  if (await hasUsers(db)) return false;

  const stamp = now.toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction().execute(async (trx) => {
    // Several instances starting at once on an empty PostgreSQL database: the first seeds, the
    // others wait for its commit here and then find its users.
    if (onPostgres(trx)) {
      await sql`select pg_advisory_xact_lock(${sql.lit(DEMO_SEED_LOCK)})`.execute(trx);
    }
    if (await hasUsers(trx)) return false;

    const customerIds = new Map<string, string>();
    for (const c of demoCustomers) {
      const id = randomUUID();
      customerIds.set(c.key, id);
      await trx
        .insertInto('customers')
        .values({ id, name: c.name, address: c.address, postal: c.postal, town: c.town, created_at: stamp })
        .execute();
    }

    const accountIds = new Map<string, string>();
    const historyItems: { id: number; perDay: number; start: number }[] = [];
    for (const a of demoAccounts) {
      const id = randomUUID();
      accountIds.set(a.key, id);
      await trx
        .insertInto('accounts')
        .values({ id, customer_id: mustGet(customerIds, a.customer), name: a.name, created_at: stamp })
        .execute();
      for (const g of a.gateways) {
        const gateway = await trx
          .insertInto('gateways')
          .values({ account_id: id, name: g.name, address: g.address, sequence: g.sequence })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const d of g.devices) {
          const device = await trx
            .insertInto('devices')
            .values({
              gateway_id: gateway.id,
              name: d.name,
              type: d.type,
              manual: d.manual ? 1 : 0,
              serial_number: d.serial,
              sequence: d.sequence,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (d.resident) {
            await trx
              .insertInto('meter_residents')
              .values({ device_id: device.id, ...d.resident })
              .execute();
          }
          for (const item of d.items) {
            const row = await trx
              .insertInto('device_items')
              .values({ device_id: device.id, name: item.name, unit: item.unit })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (item.perDay !== undefined && item.start !== undefined) {
              historyItems.push({ id: row.id, perDay: item.perDay, start: item.start });
            }
          }
        }
      }
    }

    const userIds = new Map<string, string>();
    for (const u of demoUsers) {
      const id = randomUUID();
      userIds.set(u.email, id);
      await trx
        .insertInto('users')
        .values({
          id,
          email: u.email,
          name: u.name,
          password_hash: passwordHash,
          role: u.role,
          reset_password: u.resetPassword ? 1 : 0,
          disabled: 0,
          token_version: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      for (const c of u.customers) {
        await trx
          .insertInto('user_customers')
          .values({ user_id: id, customer_id: mustGet(customerIds, c) })
          .execute();
      }
      for (const a of u.accounts) {
        await trx
          .insertInto('user_accounts')
          .values({ user_id: id, account_id: mustGet(accountIds, a) })
          .execute();
      }
    }

    const registeredBy = mustGet(userIds, 'tekniker@eksempel.dk');
    // The history stands for readings taken over from an earlier system, so its source is `import` (ADR 017).
    // One statement per point and table: the seed runs before every API test.
    for (const item of historyItems) {
      const history = monthlyHistory(item, now);
      const inserted = await trx
        .insertInto('readings')
        .values(
          history.map((reading) => ({
            device_item_id: item.id,
            date_record: reading.date,
            value: reading.value,
            registered_at: reading.registeredAt,
            registered_by: registeredBy,
            plausibility_override: 0,
            source: 'import' as const,
          })),
        )
        .returning(['id', 'date_record'])
        .execute();
      const byDate = new Map(history.map((reading) => [reading.date, reading]));
      await trx
        .insertInto('reading_audit')
        .values(
          inserted.map((row) => {
            const reading = mustGet(byDate, row.date_record);
            return {
              reading_id: row.id,
              old_value: null,
              new_value: reading.value,
              changed_at: reading.registeredAt,
              changed_by: registeredBy,
              plausibility_override: 0,
              source: 'import' as const,
            };
          }),
        )
        .execute();
    }
    return true;
  });
}

async function hasUsers(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** One reading on the first of each of the last months, growing by a plausible consumption. */
function monthlyHistory(item: { perDay: number; start: number }, now: Date) {
  const readings: { date: string; value: string; registeredAt: string }[] = [];
  let value = item.start;
  for (let back = DEMO_HISTORY_MONTHS; back >= 1; back--) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const days = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
    const date = day.toISOString().slice(0, 10);
    readings.push({ date, value: trimDecimal(value), registeredAt: `${date}T08:15:00.000Z` });
    // Deterministic seasonal wobble, so charts look real and plausibility checks have variation.
    value += item.perDay * days * (0.85 + (0.3 * ((back * 7) % 5)) / 4);
  }
  return readings;
}

function trimDecimal(value: number): string {
  return value.toFixed(3).replace(/\.?0+$/, '');
}

function mustGet<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data refers to unknown key ${String(key)}`);
  return value;
}
