import type { Kysely } from 'kysely';
import { selectPointsOfAccount } from '../../db/repositories/measurement-points.ts';
import { registerReadingsInOneStatement } from '../../db/repositories/register-readings.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { claimOf, type IdempotentAnswer, type IdempotentRequest, storedAnswer } from './idempotency.ts';
import { validateReadings } from './reading-validation.ts';
import type { RegisterReadings } from './readings.ts';
import { writesOf } from './readings.ts';
import { declaredSettings, registerRefusals } from './register-checks.ts';
import { withReviewFlags } from './review-flag.ts';

/**
 * PostgreSQL (ADR 027): a batch that passes every rule is written by one statement outside a
 * transaction, in one round trip with its commit; the checks before it only read. Returns the answer,
 * or undefined when the batch is to take the transactional path (`registerReadings` in
 * `withIdempotency`), which then decides every refusal, and with a key whether the key's stored
 * answer or its 422 comes first, exactly as it always has. `answered` is the answer to a written batch.
 */
export async function registerReadingsAlone(
  db: Kysely<Database>,
  request: RegisterReadings,
  idempotency: IdempotentRequest | undefined,
  answered: IdempotentAnswer,
): Promise<IdempotentAnswer | undefined> {
  const itemIds = [...new Set(request.batch.map((reading) => reading.deviceItemId))];
  const points = await selectPointsOfAccount(db, request.accountId, itemIds);
  const valid = refusedOrValid(() => validateReadings(request.batch, points, request.now));
  if (!valid) return undefined;
  const pointsById = new Map(points.map((point) => [point.id, point]));
  const settingsOf = (id: number) => {
    const point = pointsById.get(id);
    return point && declaredSettings(point);
  };
  const refusals = await registerRefusals(db, valid, settingsOf);
  if (refusals.some((refusal) => refusal !== null)) return undefined;

  // The claim holds the answer to the written batch: the statement saves nothing after it.
  const claim = idempotency && {
    userId: idempotency.userId,
    key: idempotency.key,
    ...claimOf({ ...idempotency, expected: answered }),
  };
  // The function knows nothing of `Til kontrol`: a write that goes to it or leaves it is the
  // transactional path's; implausible values are few, so nearly every batch still takes this one.
  const judged = await withReviewFlags(db, writesOf(valid, request.userId, request.now));
  if (judged.touchesReview) return undefined;
  const outcome = await registerReadingsInOneStatement(db, request.accountId, judged.writes, claim);
  if ('needsTransaction' in outcome) return undefined;
  if ('taken' in outcome) {
    if (!idempotency) throw new Error('register_readings found a key the request did not send');
    return storedAnswer(outcome.taken, idempotency);
  }
  return answered;
}

/** The validated batch, or undefined when a rule refuses it (the transactional path says which). */
function refusedOrValid<T>(validate: () => T): T | undefined {
  try {
    return validate();
  } catch (error) {
    if (error instanceof ReadingRefusedError) return undefined;
    throw error;
  }
}
