import type { Kysely } from 'kysely';
import { vi } from 'vitest';
import type { Database } from '../../src/db/schema.ts';

/** How many SQL statements `run` sent through `db`. */
export async function countQueries(db: Kysely<Database>, run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(db.getExecutor(), 'executeQuery');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
