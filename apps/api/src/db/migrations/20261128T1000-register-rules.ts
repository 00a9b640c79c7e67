import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Graded plausibility (ADR 020): what an administrator declares about a register and a meter, which
// the hard reading rules need. Nothing declared (null, 0) keeps today's behaviour.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  // Integer digits of the register; null: unknown.
  await db.schema.alterTable('device_items').addColumn('register_digits', 'integer').execute();
  // 1: the register never resets, so a value below the one before cannot be right.
  await db.schema
    .alterTable('device_items')
    .addColumn('counts_up_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // `YYYY-MM-DD` the meter was put in place; null: unknown.
  await db.schema.alterTable('devices').addColumn('installed_on', 'text').execute();
  // A meter that came with a meter change (ADR 019) was put in place on the change day.
  await db
    .updateTable('devices')
    .set((eb) => ({
      installed_on: eb
        .selectFrom('meter_changes')
        .select('meter_changes.changed_on')
        .whereRef('meter_changes.new_device_id', '=', 'devices.id'),
    }))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('installed_on').execute();
  await db.schema.alterTable('device_items').dropColumn('counts_up_only').execute();
  await db.schema.alterTable('device_items').dropColumn('register_digits').execute();
}
