import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// A short code per self-reading link (issue 35, ADR 043) that a resident types from a printed letter:
// only its SHA-256 is stored, unique so one code names one link. Links issued before have none.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('self_reading_links').addColumn('code_hash', 'text').execute();
  await db.schema
    .createIndex('self_reading_links_code_hash')
    .on('self_reading_links')
    .column('code_hash')
    .unique()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('self_reading_links_code_hash').execute();
  await db.schema.alterTable('self_reading_links').dropColumn('code_hash').execute();
}
