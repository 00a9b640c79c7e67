import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Estimates (`Estimeret`, issue 19, ADR 021): an estimate that a real reading of its period replaced is
// deleted from `readings` (its audit entries go with it), so this table is its lasting trail: what
// was estimated by whom and when, and which real reading replaced it, by whom and when.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('replaced_estimates')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('device_item_id', 'integer', (c) =>
      c.notNull().references('device_items.id').onDelete('cascade'),
    )
    .addColumn('date_record', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('estimated_at', 'text', (c) => c.notNull())
    .addColumn('estimated_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .addColumn('replaced_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('replacing_date', 'text', (c) => c.notNull())
    .addColumn('replacing_value', 'text', (c) => c.notNull())
    .addColumn('replacing_source', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('replaced_estimates_item_idx')
    .on('replaced_estimates')
    .columns(['device_item_id', 'date_record'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('replaced_estimates').execute();
}
