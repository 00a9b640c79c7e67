import { type ImportRowError, registerRefusalText } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { ImportPoint } from '../../db/repositories/imports.ts';
import type { Database } from '../../db/schema.ts';
import { declaredSettings, registerRefusals } from '../readings/neighbour-judgements.ts';
import type { ValidReading } from '../readings/reading-validation.ts';

/**
 * The register rules (ADR 020) over a file's readings, as the form's SEND meets them: a row error at
 * the row's line for each reading they refuse (`dateColumn` is the file's heading of the date), and
 * for each reading whether it was refused.
 */
export async function registerRowErrors(
  db: Kysely<Database>,
  rows: readonly { line: number; reading: ValidReading }[],
  points: readonly ImportPoint[],
  dateColumn: string,
): Promise<{ errors: ImportRowError[]; refused: boolean[] }> {
  const pointsById = new Map(points.map((point) => [point.id, point]));
  const refusals = await registerRefusals(
    db,
    rows.map((row) => row.reading),
    (id) => {
      const point = pointsById.get(id);
      return point && declaredSettings(point);
    },
  );
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
