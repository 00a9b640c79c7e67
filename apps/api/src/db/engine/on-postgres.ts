import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Whether `db` (a Kysely or a transaction of one) talks to PostgreSQL: for the few statements each
 * engine runs best, or only, in its own words.
 */
export function onPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
