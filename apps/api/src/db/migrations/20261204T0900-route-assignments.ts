import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Issue 37 (ADR 048): meters of the route assigned to a meter reader for one reading period
// (`Tildel aflæser`); a location's assignment is stored per meter, so a reassignment can move only the
// meters still missing.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder, as in the initial schema
  const idColumn = (c: any) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('route_assignments')
    .addColumn('id', postgres ? 'serial' : 'integer', idColumn)
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('gateway_id', 'integer', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('reader_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null once the administrator who assigned is deleted: the assignment is the reader's, not theirs.
    .addColumn('assigned_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('route_assignments_meter_period', ['account_id', 'period_start', 'device_id'])
    .execute();
  await db.schema
    .createIndex('route_assignments_reader')
    .on('route_assignments')
    .columns(['reader_id', 'period_start'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('route_assignments').execute();
}
