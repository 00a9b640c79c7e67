import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// The day a meter was added (issue 33): without an installation day a meter counts in a period only
// from then, so adding a meter does not turn closed periods into `Mangler`. Meters added before this
// migration keep null (unknown) and count in every period, as they did.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('added_on', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('added_on').execute();
}
