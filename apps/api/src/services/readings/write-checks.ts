import { registerRefusalText } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectPointsOfAccount } from '../../db/repositories/measurement-points.ts';
import type { ReadingWrite } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { validateReadings } from './reading-validation.ts';
import { writesOf } from './readings.ts';
import { declaredSettings, registerRefusals } from './register-checks.ts';
import type { RegisterReadings } from './register-readings-request.ts';
import { withReviewFlags } from './review-flag.ts';
import { checkEvidence } from './write-consequences.ts';

export type CheckedWrites = {
  /** The rows to store, each with its `Til kontrol` flag. */
  writes: ReadingWrite[];
  /** Some write goes to review or replaces a reading on it (withReviewFlags). */
  touchesReview: boolean;
  /** The `Kontrol` readings, stored beside the period's readings, never judged for review (ADR 049). */
  controlWrites: ReadingWrite[];
  /** The meters with a `Fraflytning` reading in the batch: their resident's contact is cleared (ADR 046). */
  movedOutMeters: number[];
};

/**
 * The one check both ways of storing a batch open with (ADR 027): throws the 406 of the first invalid
 * reading, first by the form rules of every reading, then by the hard rules of the points that declare
 * them (ADR 020); otherwise answers the rows to store, judged for review (issue 32). It only reads, so
 * it runs inside the transaction as well as before the one-statement write.
 */
export async function checkedWrites(db: Kysely<Database>, request: RegisterReadings): Promise<CheckedWrites> {
  const itemIds = [...new Set(request.batch.map((reading) => reading.deviceItemId))];
  const points = await selectPointsOfAccount(db, request.accountId, itemIds);
  const valid = validateReadings(request.batch, points, request.now, request.serverSource);
  const pointsById = new Map(points.map((point) => [point.id, point]));
  const settingsOf = (id: number) => {
    const point = pointsById.get(id);
    return point && declaredSettings(point);
  };
  await checkEvidence(db, request, pointsById);
  const refusals = await registerRefusals(db, valid, settingsOf);
  for (const [index, refusal] of refusals.entries()) {
    const point = pointsById.get(valid[index]?.deviceItemId ?? 0);
    if (refusal && point) throw new ReadingRefusedError(registerRefusalText(point.name, refusal));
  }
  const isControl = (reading: { reason: string }) => reading.reason === 'control';
  const flagged = await withReviewFlags(
    db,
    writesOf(
      valid.filter((reading) => !isControl(reading)),
      request.userId,
      request.now,
    ),
    (id) => pointsById.get(id)?.registerDigits,
  );
  const movedOut = valid.filter((reading) => reading.reason === 'move-out');
  const movedOutMeters = [
    ...new Set(movedOut.map((reading) => pointsById.get(reading.deviceItemId)?.deviceId)),
  ];
  return {
    ...flagged,
    controlWrites: writesOf(valid.filter(isControl), request.userId, request.now),
    movedOutMeters: movedOutMeters.filter((id): id is number => id !== undefined),
  };
}
