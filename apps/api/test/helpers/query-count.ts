import type { Kysely } from 'kysely';
import { vi } from 'vitest';
import type { Database } from '../../src/db/schema.ts';

/** How many SQL statements `run` sent through `db`; `seen` gets each statement's text. */
export async function countQueries(
  db: Kysely<Database>,
  run: () => Promise<unknown>,
  seen?: (sql: string) => void,
): Promise<number> {
  const spy = vi.spyOn(db.getExecutor(), 'executeQuery');
  try {
    await run();
    for (const [query] of spy.mock.calls) seen?.(query.sql);
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

/**
 * How many SQL statements `run` sent through `db` and every transaction begun on it (a transaction has
 * an executor of its own, of the same class, so the count is taken on the class); `seen` gets each
 * statement's text.
 */
export async function countQueriesWithTransactions(
  db: Kysely<Database>,
  run: () => Promise<unknown>,
  seen?: (sql: string) => void,
): Promise<number> {
  const spy = vi.spyOn(Object.getPrototypeOf(db.getExecutor()), 'executeQuery');
  try {
    await run();
    for (const [query] of spy.mock.calls) seen?.((query as { sql: string }).sql);
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
