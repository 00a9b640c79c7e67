import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Reminders to residents who have not answered their self-reading link (issue 35): one row per link and
// step. The primary key is the exactly-once guarantee, also with several API instances.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('self_reading_reminders')
    .addColumn('link_id', 'text', (c) => c.notNull().references('self_reading_links.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('self_reading_reminders_pk', ['link_id', 'step'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('self_reading_reminders').execute();
}
