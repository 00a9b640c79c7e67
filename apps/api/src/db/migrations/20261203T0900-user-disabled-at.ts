import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Retention (issue 39, ADR 042): a disabled user's personal data is anonymised a configured time after
// disabling, so the time of disabling is kept, and when the anonymisation was done. Users disabled
// before this migration count from their last change, the best time known for them.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('anonymised_at', 'text').execute();
  await sql`update users set disabled_at = updated_at where disabled = 1`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('anonymised_at').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
