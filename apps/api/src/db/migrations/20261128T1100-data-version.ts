import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// The data version on PostgreSQL (ADR 022): every instance takes a number from this sequence after
// each commit that wrote, before it answers, and keeps cached reads only while the number is unchanged.
// A sequence, not a counter row: taking a number never waits for another transaction's lock.
// SQLite needs none: one process owns the file and counts its own writes (ADR 010).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create sequence maaler_data_version as bigint`.execute(db);
  // Until its first nextval a sequence's last_value is its start and stays so: take one now, so that
  // every later number changes last_value.
  await sql`select nextval('maaler_data_version')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop sequence maaler_data_version`.execute(db);
}
