import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// The resident's self-reading link (issue 35, ADR 039): a link bound to one meter and one reading
// period, stored as a hash of its token, and the reading source `selfreading` for what arrives by it.

const OLD_SOURCES = sql`('web', 'offline', 'import', 'cli', 'estimate')`;
const NEW_SOURCES = sql`('web', 'offline', 'import', 'cli', 'estimate', 'selfreading')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['readings', 'reading_audit']) await replaceSourceCheck(db, table, NEW_SOURCES);

  await db.schema
    .createTable('self_reading_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('last_reading_at', 'text')
    .execute();
  await db.schema
    .createIndex('self_reading_links_device')
    .on('self_reading_links')
    .columns(['device_id', 'period_start'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('self_reading_links').execute();
  for (const table of ['readings', 'reading_audit']) {
    await sql`delete from ${sql.table(table)} where source = 'selfreading'`.execute(db);
    await replaceSourceCheck(db, table, OLD_SOURCES);
  }
}

/**
 * PostgreSQL swaps the column's check constraint. SQLite cannot change a check, so the column is
 * rebuilt: a new column with the new check takes the values, the old one is dropped (its own check is
 * the only thing naming it there) and the new one takes its name.
 */
async function replaceSourceCheck(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
  table: string,
  sources: ReturnType<typeof sql>,
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_source_check`)}`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_source_check`)} check (source in ${sources})`.execute(
      db,
    );
    return;
  }
  await db.schema
    .alterTable(table)
    .addColumn('source_new', 'text', (c) => c.notNull().defaultTo('web').check(sql`source_new in ${sources}`))
    .execute();
  await sql`update ${sql.table(table)} set source_new = source`.execute(db);
  await db.schema.alterTable(table).dropColumn('source').execute();
  await db.schema.alterTable(table).renameColumn('source_new', 'source').execute();
}
