import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Issue 37 (ADR 047, 2026-11-28 section): a reading's note marked `Kræver opfølgning` opens a task once.
// `task_id` on the reading's evidence is the task its follow-up went to: set once, so a retried or
// replayed reading never opens a second, and the task list finds the photo of the reading behind a task.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reading_evidence')
    .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('reading_evidence_task').on('reading_evidence').column('task_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reading_evidence_task').execute();
  await db.schema.alterTable('reading_evidence').dropColumn('task_id').execute();
}
