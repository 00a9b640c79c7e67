import { type ReadingPayload, registerRefusalText } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectPointsOfAccount } from '../../db/repositories/measurement-points.ts';
import type { ReadingWrite } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { checkEvidence } from './reading-evidence.ts';
import { type ServerReadingSource, validateReadings } from './reading-validation.ts';
import { writesOf } from './readings.ts';
import { declaredSettings, registerRefusals } from './register-checks.ts';
import { withReviewFlags } from './review-flag.ts';

/** A batch of readings one user sends for one account at one time. */
export type RegisterReadings = {
  accountId: string;
  userId: string;
  batch: readonly ReadingPayload[];
  now: Date;
  /**
   * Set by the server's own writers that are not a client's SEND (the self-reading link, ADR 039): every
   * reading of the batch gets this source, and a client's `source` in the payload plays no part.
   */
  serverSource?: ServerReadingSource;
  /** The sender's role, where `Foto påkrævet` applies (a client's SEND); absent for the server's own writers. */
  senderRole?: number;
  /**
   * Whose uploads the batch's photos must be, where not the user's: a self-reading link's photos are
   * the link's own (selfReadingUploader), so no other link and no office user can name them.
   */
  photoUploader?: string;
  /** Where a move's clearing of a resident's contact is logged (ADR 046). */
  log?: { info: (fields: object, message: string) => void };
  /** Logs `task.opened` in the transaction when a reading's note marked for follow-up opens a task (issue 37). */
  onTaskOpened?: (trx: Kysely<Database>, task: { deviceId: number; taskId: number }) => Promise<void>;
};

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
