import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/** The data version that PostgreSQL read caches are kept under (ADR 022). */
export async function selectDataVersion(db: Kysely<Database>): Promise<bigint> {
  const { rows } = await sql<{
    version: string;
  }>`select last_value::text as version from maaler_data_version`.execute(db);
  const version = rows[0]?.version;
  if (version === undefined) throw new Error('maaler_data_version has no value');
  return BigInt(version);
}
