import { type Kysely, type RawBuilder, sql } from 'kysely';
import { onPostgres } from '../engine/on-postgres.ts';
import { preparedQuery } from '../engine/prepared-query.ts';
import type { Database } from '../schema.ts';
import type { ReadingKey } from './readings.ts';

export type NeighbourReading = ReadingKey & { value: string; needsReview: number };

/** The keys as rows `k(p, d)`, from one JSON parameter: the statement's text never changes. */
function keyRows(db: Kysely<Database>, keys: unknown): RawBuilder<unknown> {
  return onPostgres(db)
    ? sql`select (e->>0)::integer as p, e->>1 as d from jsonb_array_elements(cast(${keys} as jsonb)) e`
    : sql`select json_extract(value, '$[0]') as p, json_extract(value, '$[1]') as d from json_each(${keys})`;
}

/** One reading id per key: the real reading of the key's point that `where` and `order` pick. */
const pick = (where: string, order: 'asc' | 'desc', offset = 0) =>
  sql.raw(`select (select x.id from readings x
    where x.device_item_id = k.p and x.source <> 'estimate'${where}
    order by x.date_record ${order} limit 1 offset ${offset}) from k`);

/**
 * Named on PostgreSQL (db/engine/named-statements.ts): parsing and planning this statement on every
 * write cost the database more than running it. Its best plan is the same for any keys (index seeks
 * per key), so a generic plan cannot go wrong as it can for an IN list.
 */
const neighbourReadings = preparedQuery((db: Kysely<Database>, values: { keys: string }) => ({
  compile: () =>
    sql<NeighbourReading>`
    with k as (${keyRows(db, values.keys)})
    select device_item_id as "deviceItemId", date_record as "dateRecord", value, needs_review as "needsReview"
    from readings
    where id in (
      ${pick('', 'asc')}
      union ${pick('', 'desc')}
      union ${pick('', 'desc', 1)}
      union ${pick(' and x.date_record <= k.d', 'desc')}
      union ${pick(' and x.date_record <= k.d', 'desc', 1)}
      union ${pick(' and x.date_record > k.d', 'asc')}
    )`.compile(db),
}));

/** A point's readings that `selectNeighbourReadings` found, by the point's id. */
export type NeighbourReadings = ReadonlyMap<number, readonly NeighbourReading[]>;

/**
 * The real readings (never an estimate, ADR 021) that the soft rule (ADR 008/014) and the register
 * rules (ADR 020) need to judge writes at these keys, whatever the length of a point's history: each
 * point's earliest and two latest readings, and around each key's date the reading on it, the latest
 * before it and the earliest after it, per point, since every rule judges a point by its own. A remote
 * meter gets a reading a day, so loading a point's whole history would make every write cost more as
 * the meter ages. Six seeks in the unique (device_item_id, date_record) index per key (a key given
 * twice is sought once), in one statement whose text is the same for any keys.
 */
export async function selectNeighbourReadings(
  db: Kysely<Database>,
  keys: readonly ReadingKey[],
): Promise<NeighbourReadings> {
  const perPoint = new Map<number, NeighbourReading[]>();
  if (keys.length === 0) return perPoint;
  const distinct = new Set(keys.map((key) => JSON.stringify([key.deviceItemId, key.dateRecord])));
  const rows = await neighbourReadings(db, { keys: `[${[...distinct].join(',')}]` });
  for (const row of rows) {
    const ofPoint = perPoint.get(row.deviceItemId);
    if (ofPoint) ofPoint.push(row);
    else perPoint.set(row.deviceItemId, [row]);
  }
  return perPoint;
}
