import type { Kysely, Migration } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * Takes `migration` back and applies it again over what the test stored, as upgrading a database of
 * the migration's day would. Answers the database untyped: the schema it sees is that day's, not today's.
 */
export async function redoMigration(
  db: Kysely<Database>,
  migration: Required<Migration>,
  // biome-ignore lint/suspicious/noExplicitAny: the migration runs against the schema of its day
): Promise<Kysely<any>> {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const untyped = db as Kysely<any>;
  await migration.down(untyped);
  await migration.up(untyped);
  return untyped;
}
