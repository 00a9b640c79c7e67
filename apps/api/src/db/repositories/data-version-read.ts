import { type Kysely, sql } from 'kysely';
import { preparedQuery } from '../engine/prepared-query.ts';
import type { Database } from '../schema.ts';

// Read before every cached read on PostgreSQL: prepared, a named statement parsed and planned once
// per connection.
const dataVersion = preparedQuery((db: Kysely<Database>) =>
  db.selectNoFrom(sql<string>`(select last_value::text from maaler_data_version)`.as('version')),
);

/** The data version that PostgreSQL read caches are kept under (ADR 022). */
export async function selectDataVersion(db: Kysely<Database>): Promise<bigint> {
  const [row] = await dataVersion(db, {});
  if (row?.version === undefined) throw new Error('maaler_data_version has no value');
  return BigInt(row.version);
}
