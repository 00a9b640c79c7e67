import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Reading sources (issue 19, ADR 017): where each reading and each audited write came from, and for a
// reading entered without a connection the time of entry on the device.

const SOURCES = sql`('web', 'offline', 'import', 'cli', 'estimate')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['readings', 'reading_audit']) {
    await db.schema
      .alterTable(table)
      .addColumn('source', 'text', (c) => c.notNull().defaultTo('web').check(sql`source in ${SOURCES}`))
      .execute();
    await db.schema.alterTable(table).addColumn('entered_at', 'text').execute();
  }
  // The demo seed's history is imported data, not typed in: its readings are the demo meter reader's,
  // stamped 08:15 UTC on their own date. That user exists only in a database started in demo mode.
  await sql`
    update readings set source = 'import'
    where registered_at = date_record || 'T08:15:00.000Z'
      and registered_by in (select id from users where email = 'tekniker@eksempel.dk')
  `.execute(db);
  await sql`
    update reading_audit set source = 'import'
    where reading_id in (select id from readings where source = 'import')
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['reading_audit', 'readings']) {
    await db.schema.alterTable(table).dropColumn('entered_at').execute();
    await db.schema.alterTable(table).dropColumn('source').execute();
  }
}
