import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Issue 38 (ADR 050, amended 2026-11-28): a control reading that deviates from its remote meter's value
// of the day goes to `Til kontrol`. The comparison is kept with the control (the remote value it was
// compared with, as decimal text) so the entry shows what was found when it was sent; `reviewed_*` is
// the office's `Godkend`, as `approved_*` on readings.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('control_readings')
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('control_readings').addColumn('remote_value', 'text').execute();
  await db.schema
    .alterTable('control_readings')
    .addColumn('reviewed_by', 'text', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('control_readings').addColumn('reviewed_at', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['reviewed_at', 'reviewed_by', 'remote_value', 'needs_review'])
    await db.schema.alterTable('control_readings').dropColumn(column).execute();
}
