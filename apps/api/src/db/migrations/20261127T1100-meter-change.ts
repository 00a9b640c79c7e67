import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Meter change (`Målerskift`, issue 19, ADR 019): retired meters, and which new meter and point
// continue which old ones from which day. The final and start readings are ordinary readings.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // null: in use. A retired meter keeps its history but takes no new readings.
  await db.schema.alterTable('devices').addColumn('retired_at', 'text').execute();

  await db.schema
    .createTable('meter_changes')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    // A meter is replaced at most once, and a new meter replaces exactly one.
    .addColumn('old_device_id', 'integer', (c) =>
      c.notNull().unique().references('devices.id').onDelete('cascade'),
    )
    .addColumn('new_device_id', 'integer', (c) =>
      c.notNull().unique().references('devices.id').onDelete('cascade'),
    )
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('meter_change_items')
    .addColumn('meter_change_id', 'integer', (c) =>
      c.notNull().references('meter_changes.id').onDelete('cascade'),
    )
    .addColumn('old_item_id', 'integer', (c) =>
      c.notNull().unique().references('device_items.id').onDelete('cascade'),
    )
    .addColumn('new_item_id', 'integer', (c) =>
      c.notNull().unique().references('device_items.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('meter_change_items_pk', ['meter_change_id', 'old_item_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('meter_change_items').execute();
  await db.schema.dropTable('meter_changes').execute();
  await db.schema.alterTable('devices').dropColumn('retired_at').execute();
}
