import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// `Til kontrol` by the server's own judgement (issue 32): 1 when the contract's plausibility rule
// warned about the value when it was written, whatever the client sent. `plausibility_override` keeps
// only what the client said (the user saw the warning and sent anyway). The readings on the review
// list today were put there by that flag, so they keep their place.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('readings')
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable('readings').set({ needs_review: 1 }).where('plausibility_override', '=', 1).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('readings').dropColumn('needs_review').execute();
}
