import { type ImportRowError, type RegisterRefusal, registerRefusalText } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { ImportPoint } from '../../db/repositories/imports.ts';
import type { Database } from '../../db/schema.ts';
import { declaredSettings, registerRefusals } from '../readings/neighbour-judgements.ts';
import type { ValidReading } from '../readings/reading-validation.ts';
import { groupBy } from '../shared/group-by.ts';
import type { Turns } from './event-loop-turns.ts';

/** Readings judged by one statement of neighbours when a plan takes turns: a few ms of SQLite each. */
const READINGS_PER_TURN = 250;

/**
 * The register rules (ADR 020) over a file's readings, as the form's SEND meets them: a row error at
 * the row's line for each reading they refuse (`dateColumn` is the file's heading of the date), and
 * for each reading whether it was refused. With `turns` (a plan outside a transaction) the readings
 * are judged a few points at a time with a turn for other requests between, each point's readings
 * together, as the rules judge a point by its own readings.
 */
export async function registerRowErrors(
  db: Kysely<Database>,
  rows: readonly { line: number; reading: ValidReading }[],
  points: readonly ImportPoint[],
  dateColumn: string,
  turns?: Turns,
): Promise<{ errors: ImportRowError[]; refused: boolean[] }> {
  const pointsById = new Map(points.map((point) => [point.id, point]));
  const settingsOf = (id: number) => {
    const point = pointsById.get(id);
    return point && declaredSettings(point);
  };
  const refusals: (RegisterRefusal | null)[] = [];
  const indexed = rows.map(({ reading }, index) => ({ index, reading }));
  for (const chunk of turns ? chunksByPoint(indexed, READINGS_PER_TURN) : [indexed]) {
    await turns?.pause();
    const judged = await registerRefusals(
      db,
      chunk.map(({ reading }) => reading),
      settingsOf,
    );
    chunk.forEach(({ index }, at) => {
      refusals[index] = judged[at] ?? null;
    });
  }
  const errors: ImportRowError[] = [];
  for (const [index, refusal] of refusals.entries()) {
    const row = rows[index];
    const point = row && pointsById.get(row.reading.deviceItemId);
    if (!refusal || !row || !point) continue;
    errors.push({
      line: row.line,
      column: refusal.kind === 'before-installation' ? dateColumn : 'Værdi',
      message: registerRefusalText(point.name, refusal),
    });
  }
  return { errors, refused: refusals.map((refusal) => refusal !== null) };
}

type Indexed = { index: number; reading: ValidReading };

/** The readings in chunks of about `size`, all of a point's readings in one chunk. */
export function chunksByPoint(readings: readonly Indexed[], size: number): Indexed[][] {
  const chunks: Indexed[][] = [];
  let chunk: Indexed[] = [];
  for (const ofPoint of groupBy(readings, ({ reading }) => reading.deviceItemId).values()) {
    chunk.push(...ofPoint);
    if (chunk.length >= size) {
      chunks.push(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
