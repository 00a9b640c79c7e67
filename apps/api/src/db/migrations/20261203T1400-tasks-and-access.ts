import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Issue 37 (ADR 047): tasks (`Opgaver`) the office follows up on, opened from a skip with a defect or a
// note marked for follow-up, with their comments; and the access note and placement of locations and meters.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder, as in the initial schema
  const idColumn = (c: any) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = postgres ? 'serial' : 'integer';

  await db.schema
    .createTable('tasks')
    .addColumn('id', idType, idColumn)
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`),
    )
    .addColumn('assigned_to', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_by', 'text', (c) => c.references('users.id'))
    .addColumn('closed_at', 'text')
    .addColumn('close_note', 'text')
    .execute();
  await db.schema.createIndex('tasks_account_status').on('tasks').columns(['account_id', 'status']).execute();
  await db.schema.createIndex('tasks_device_status').on('tasks').columns(['device_id', 'status']).execute();

  await db.schema
    .createTable('task_comments')
    .addColumn('id', idType, idColumn)
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('task_comments_task').on('task_comments').column('task_id').execute();

  for (const table of ['gateways', 'devices']) {
    await db.schema.alterTable(table).addColumn('access_note', 'text').execute();
    await db.schema.alterTable(table).addColumn('placement', 'text').execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['gateways', 'devices']) {
    await db.schema.alterTable(table).dropColumn('placement').execute();
    await db.schema.alterTable(table).dropColumn('access_note').execute();
  }
  await db.schema.dropTable('task_comments').execute();
  await db.schema.dropTable('tasks').execute();
}
