import type { RegisterReadingsResponse } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { CallWritingFunction } from '../../db/engine/data-version-bump.ts';
import type { WriteWork } from '../../db/engine/group-commit.ts';
import { upsertControlReadings } from '../../db/repositories/control-readings.ts';
import { registerReadingsInOneStatement } from '../../db/repositories/reading-writes.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { rulesWhenAsked } from './account-rules.ts';
import { type IdempotentAnswer, type IdempotentRequest, type KeyedWrite, keyedWrite } from './idempotency.ts';
import { storeReadings } from './readings.ts';
import {
  type CheckedWrites,
  carriesEvidence,
  checkedWrites,
  hasControlReading,
  type RegisterReadings,
} from './write-checks.ts';
import { carryOutConsequences } from './write-consequences.ts';

/** What storing readings needs of the database. */
export type ReadingsDatabase = {
  db: Kysely<Database>;
  /** Runs a work all or nothing, resolving once committed (`app.writeTransaction`). */
  writeTransaction<T>(work: WriteWork<T>): Promise<T>;
  /** PostgreSQL's call of a function that writes (db/engine/data-version-bump.ts); absent on SQLite. */
  callWritingFunction: CallWritingFunction | undefined;
};

/** A batch to save, with its Idempotency-Key when the client sent one. */
export type SaveReadings = RegisterReadings & { idempotency: IdempotentRequest | undefined };

/**
 * Saves a batch, all or nothing, at most once per Idempotency-Key (a replay gets the first answer, a
 * key reused for another batch 422), answering only after the commit. The service picks the way: on
 * PostgreSQL one statement outside a transaction when the batch allows it (ADR 027), otherwise (and
 * on SQLite, which has no round trips to save) the transaction. Both open with the same check.
 * A batch with a photo or a note always takes the transaction (ADR 045).
 */
export async function saveReadings(
  database: ReadingsDatabase,
  request: SaveReadings,
): Promise<IdempotentAnswer> {
  const keyed = keyedWrite(request.idempotency, savedAnswer(request.batch.length));
  // The function writes readings only: a photo or note takes the transaction, which writes them too,
  // and so does a control reading, which may open a task (issue 38).
  if (database.callWritingFunction && !carriesEvidence(request.batch) && !hasControlReading(request.batch)) {
    const answer = await registerInOneStatement(database.db, database.callWritingFunction, request, keyed);
    if (answer) return answer;
  }
  return inTransaction(database, request, keyed);
}

/**
 * PostgreSQL (ADR 027): a batch that passes every rule is written by one statement outside a
 * transaction, in one round trip with its commit; the check before it only reads. Returns the answer,
 * or undefined when the batch is to take the transactional path, having written nothing: that path
 * then decides every refusal, and with a key whether the key's stored answer or its 422 comes first,
 * exactly as it always has. `keyed` holds the answer to a written batch and the claim of its key.
 */
async function registerInOneStatement(
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

/**
 * The TypeScript way, on any database: the key's claim, the check and the write in one transaction.
 * It decides every refusal; `saveReadings` takes it whenever the one statement does not write.
 */
export function saveReadingsInTransaction(
  database: ReadingsDatabase,
  request: SaveReadings,
): Promise<IdempotentAnswer> {
  return inTransaction(database, request, keyedWrite(request.idempotency, savedAnswer(request.batch.length)));
}

function inTransaction(
  database: ReadingsDatabase,
  request: RegisterReadings,
  keyed: KeyedWrite,
): Promise<IdempotentAnswer> {
  return database.writeTransaction((trx) =>
    keyed.inTransaction(trx, async () => savedAnswer(await registerReadings(trx, request))),
  );
}

/**
 * Checks and stores a batch inside the caller's transaction (also the review's `Ret`): throws the 406
 * of the first invalid reading before anything is written, then carries out what the stored readings
 * set off. Returns how many readings of the batch are now stored.
 */
export async function registerReadings(trx: Kysely<Database>, request: RegisterReadings): Promise<number> {
  const rules = rulesWhenAsked(trx, request.accountId);
  const checked = await checkedWrites(trx, request, rules);
  await storeReadings(trx, checked.writes);
  const storedControls = await upsertControlReadings(trx, checked.controlWrites);
  await carryOutConsequences(trx, request, checked, rules, storedControls);
  return request.batch.length;
}

/** The answer to a saved batch, which its Idempotency-Key also keeps for a replay. */
function savedAnswer(count: number): IdempotentAnswer {
  const body: RegisterReadingsResponse = { Success: true, Message: '', Count: count };
  return { statusCode: 200, body };
}
