import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Route mode (issue 17): route order, meters found by serial number, skipped readings.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // Route order: lower first; no sequence sorts after every sequence, then by name.
  await db.schema.alterTable('gateways').addColumn('sequence', 'integer').execute();
  await db.schema.alterTable('devices').addColumn('sequence', 'integer').execute();

  // Serial numbers are looked up without regard to case.
  await db.schema
    .createIndex('devices_serial_number_idx')
    .on('devices')
    .expression(sql`lower(serial_number)`)
    .execute();

  await db.schema
    .createTable('reading_skips')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('gateway_id', 'integer', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('Ingen adgang', 'Måler defekt', 'Måler ikke fundet', 'Andet')`),
    )
    .addColumn('note', 'text')
    .addColumn('skipped_on', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reading_skips_account_day_idx')
    .on('reading_skips')
    .columns(['account_id', 'skipped_on'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reading_skips').execute();
  await db.schema.dropIndex('devices_serial_number_idx').execute();
  await db.schema.alterTable('devices').dropColumn('sequence').execute();
  await db.schema.alterTable('gateways').dropColumn('sequence').execute();
}
