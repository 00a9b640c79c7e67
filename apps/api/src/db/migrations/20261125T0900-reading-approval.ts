import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Administration (issue 18): who approved a reading sent with "Send alligevel", and when.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('readings')
    .addColumn('approved_by', 'text', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('readings').addColumn('approved_at', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('readings').dropColumn('approved_at').execute();
  await db.schema.alterTable('readings').dropColumn('approved_by').execute();
}
