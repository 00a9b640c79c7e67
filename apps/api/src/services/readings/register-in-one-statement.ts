import type { Kysely } from 'kysely';
import type { CallWritingFunction } from '../../db/engine/data-version-bump.ts';
import { registerReadingsInOneStatement } from '../../db/repositories/register-readings.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { rulesWhenAsked } from './account-rules.ts';
import type { IdempotentAnswer, KeyedWrite } from './idempotency.ts';
import type { RegisterReadings } from './register-readings-request.ts';
import { type CheckedWrites, checkedWrites } from './write-checks.ts';

/**
 * PostgreSQL (ADR 027): a batch that passes every rule is written by one statement outside a
 * transaction, in one round trip with its commit; the check before it only reads. Returns the answer,
 * or undefined when the batch is to take the transactional path, having written nothing: that path
 * then decides every refusal, and with a key whether the key's stored answer or its 422 comes first,
 * exactly as it always has. `keyed` holds the answer to a written batch and the claim of its key.
 */
export async function registerInOneStatement(
  db: Kysely<Database>,
  callWritingFunction: CallWritingFunction,
  request: RegisterReadings,
  keyed: KeyedWrite,
): Promise<IdempotentAnswer | undefined> {
  const checked = await unlessRefused(checkedWrites(db, request, rulesWhenAsked(db, request.accountId)));
  // The function knows nothing of `Til kontrol`: a write that goes to it or leaves it is the
  // transactional path's; implausible values are few, so nearly every batch still takes this one.
  // Nor of a move: clearing the old resident's contact belongs in the transaction (ADR 046); nor of
  // control readings, kept in their own table beside the period's (ADR 049).
  if (
    !checked ||
    checked.touchesReview ||
    checked.movedOutMeters.length > 0 ||
    checked.controlWrites.length > 0
  )
    return undefined;

  // The claim holds the answer to the written batch: the statement saves nothing after it.
  const outcome = await registerReadingsInOneStatement(
    callWritingFunction,
    request.accountId,
    checked.writes,
    keyed.claim,
  );
  if ('needsTransaction' in outcome) return undefined;
  if ('taken' in outcome) return keyed.answerOfTaken(outcome.taken);
  return keyed.expected;
}

/** The checked writes, or undefined when a rule refuses the batch (the transactional path says which). */
async function unlessRefused(checking: Promise<CheckedWrites>): Promise<CheckedWrites | undefined> {
  try {
    return await checking;
  } catch (error) {
    if (error instanceof ReadingRefusedError) return undefined;
    throw error;
  }
}
