import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Issue 38 (ADR 050): a meter may be read remotely (`Fjernaflæst`) by its radio id, and the reading
// source `remote` for the values its telegrams bring in through the readings import.

const OLD_SOURCES = sql`('web', 'offline', 'import', 'cli', 'estimate', 'selfreading')`;
const NEW_SOURCES = sql`('web', 'offline', 'import', 'cli', 'estimate', 'selfreading', 'remote')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  // null: read by hand only; otherwise the radio id its telegrams carry.
  await db.schema.alterTable('devices').addColumn('radio_id', 'text').execute();
  await db.schema.createIndex('devices_radio_id').on('devices').column('radio_id').execute();
  for (const table of ['readings', 'reading_audit']) await replaceSourceCheck(db, table, NEW_SOURCES);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['readings', 'reading_audit']) {
    await sql`delete from ${sql.table(table)} where source = 'remote'`.execute(db);
    await replaceSourceCheck(db, table, OLD_SOURCES);
  }
  await db.schema.dropIndex('devices_radio_id').execute();
  await db.schema.alterTable('devices').dropColumn('radio_id').execute();
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
