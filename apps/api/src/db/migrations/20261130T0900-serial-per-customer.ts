import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// A serial number names one meter of a customer, ignoring case, retired meters included (issue 32):
// the schema holds it, so no two writes can both store one, whatever runs in parallel. `customer_id`
// is the meter's customer (location → account → customer); a trigger sets it on every insert, so no
// writer (API, CLI, demo seed, tenant generator) can leave it out or get it wrong. A location never
// moves to another account, nor a meter to another location, so the insert is the only moment.
// An empty serial number means unknown and is not unique.

const CUSTOMER_OF_LOCATION = sql`(
  select a.customer_id from gateways g join accounts a on a.id = g.account_id where g.id = new.gateway_id
)`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('devices').addColumn('customer_id', 'text').execute();
  await sql`
    update devices set customer_id = (
      select a.customer_id from gateways g join accounts a on a.id = g.account_id
      where g.id = devices.gateway_id
    )`.execute(db);

  // Two meters of a customer with one serial number (the account rule allowed it across accounts)
  // would fail the index with a bare error: name them, so the operator can fix them with meter:serial.
  const { rows } = await sql<{ customer_id: string; serial: string; ids: string }>`
    select customer_id, lower(serial_number) as serial, count(*) as ids from devices
    where serial_number <> '' group by customer_id, lower(serial_number) having count(*) > 1`.execute(db);
  if (rows.length > 0) {
    const list = rows.map((row) => `${row.serial} (customer ${row.customer_id}, ${row.ids} meters)`);
    throw new Error(`Serial numbers used by more than one meter of a customer: ${list.join(', ')}`);
  }

  await sql`
    create unique index devices_customer_serial_idx on devices (customer_id, lower(serial_number))
    where serial_number <> ''`.execute(db);

  if (postgres) {
    await sql`
      create function devices_set_customer() returns trigger language plpgsql as $function$
      begin
        new.customer_id := ${CUSTOMER_OF_LOCATION};
        return new;
      end
      $function$`.execute(db);
    await sql`
      create trigger devices_customer before insert on devices
      for each row execute function devices_set_customer()`.execute(db);
  } else {
    // SQLite has no BEFORE trigger that can change the new row: set it right after, in the same
    // statement, so a taken serial number still fails the INSERT itself.
    await sql`
      create trigger devices_customer after insert on devices
      begin
        update devices set customer_id = ${CUSTOMER_OF_LOCATION} where id = new.id;
      end`.execute(db);
  }

  // One skip per meter, reason, note, user and day (the contract's idempotent `skipreading`): the
  // repeats stored before this rule are one skip each.
  await sql`
    delete from reading_skips where exists (
      select 1 from reading_skips s
      where s.device_id = reading_skips.device_id and s.reason = reading_skips.reason
        and coalesce(s.note, '') = coalesce(reading_skips.note, '')
        and s.created_by = reading_skips.created_by and s.skipped_on = reading_skips.skipped_on
        and s.id < reading_skips.id
    )`.execute(db);
  await sql`
    create unique index reading_skips_once_a_day_idx
    on reading_skips (device_id, reason, (coalesce(note, '')), created_by, skipped_on)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop index reading_skips_once_a_day_idx`.execute(db);
  await sql`drop trigger devices_customer${postgres ? sql` on devices` : sql``}`.execute(db);
  if (postgres) await sql`drop function devices_set_customer()`.execute(db);
  await sql`drop index devices_customer_serial_idx`.execute(db);
  await db.schema.alterTable('devices').dropColumn('customer_id').execute();
}
