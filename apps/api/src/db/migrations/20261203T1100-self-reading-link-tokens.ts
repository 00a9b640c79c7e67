import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Further tokens of a self-reading link (issue 35, ADR 044): a reminder or the invitation after an
// `Ingen adgang` skip carries a fresh token for the same link, since only a token's hash is kept. The
// unique (link_id, purpose) makes each purpose issue one token per link, also with several instances.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('self_reading_link_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull().references('self_reading_links.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('self_reading_link_tokens_once', ['link_id', 'purpose'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('self_reading_link_tokens').execute();
}
