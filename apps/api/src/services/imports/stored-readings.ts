import type { Kysely } from 'kysely';
import { selectStoredReadings } from '../../db/repositories/imports.ts';
import type { ReadingKey } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import type { Turns } from './event-loop-turns.ts';

/**
 * Keys per statement: a thousand (the repository's own bound) held SQLite for tens of milliseconds at a
 * million stored readings; a quarter of that keeps each turn's statement short.
 */
const KEYS_PER_TURN = 250;

/**
 * A plan's look at the stored readings of its (point, date) pairs, a statement per 250 keys with a
 * turn for other requests between them (ADR 052): on SQLite each statement blocks the event loop.
 */
export async function storedReadingsInTurns(
  db: Kysely<Database>,
  keys: readonly ReadingKey[],
  turns: Turns,
): Promise<Awaited<ReturnType<typeof selectStoredReadings>>> {
  const stored: Awaited<ReturnType<typeof selectStoredReadings>> = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_TURN) {
    await turns.pause();
    stored.push(...(await selectStoredReadings(db, keys.slice(start, start + KEYS_PER_TURN))));
  }
  return stored;
}
