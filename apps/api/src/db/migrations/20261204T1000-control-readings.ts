import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Control readings (issue 37, ADR 049): a `Kontrol` reading is kept beside the period's reading, never
// instead of it, so it has its own table with its own (point, date) key; `readings` and its one key are
// untouched, and so is every rule that reads them (period status, estimates, consumption).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder, as in the initial schema
  const idColumn = (c: any) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('control_readings')
    .addColumn('id', postgres ? 'serial' : 'integer', idColumn)
    .addColumn('device_item_id', 'integer', (c) =>
      c.notNull().references('device_items.id').onDelete('cascade'),
    )
    .addColumn('date_record', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addColumn('registered_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('entered_at', 'text')
    .addUniqueConstraint('control_readings_item_date_uq', ['device_item_id', 'date_record'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('control_readings').execute();
}
