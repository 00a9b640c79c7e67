import type { RegisterReadingsResponse } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { CallWritingFunction } from '../../db/engine/data-version-bump.ts';
import type { WriteWork } from '../../db/engine/group-commit.ts';
import { upsertControlReadings } from '../../db/repositories/control-readings.ts';
import { clearResidents } from '../../db/repositories/meter-residents.ts';
import type { Database } from '../../db/schema.ts';
import { hasControlReading, openControlDeviationTasks } from './control/control-readings.ts';
import { type IdempotentAnswer, type IdempotentRequest, withIdempotency } from './idempotency.ts';
import { openFollowUpTasks } from './reading-follow-up.ts';
import { storeReadings } from './readings.ts';
import { registerInOneStatement } from './register-in-one-statement.ts';
import type { RegisterReadings } from './register-readings-request.ts';
import { checkedWrites } from './write-checks.ts';
import { carriesEvidence, storeEvidence } from './write-consequences.ts';

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
  // The function writes readings only: a photo or note takes the transaction, which writes them too,
  // and so does a control reading, which may open a task (issue 38).
  if (database.callWritingFunction && !carriesEvidence(request.batch) && !hasControlReading(request.batch)) {
    const answer = await registerInOneStatement(
      database.db,
      database.callWritingFunction,
      request,
      request.idempotency,
      savedAnswer(request.batch.length),
    );
    if (answer) return answer;
  }
  return saveReadingsInTransaction(database, request);
}

/**
 * The TypeScript way, on any database: the key's claim, the check and the write in one transaction.
 * It decides every refusal; `saveReadings` takes it whenever the one statement does not write.
 */
export function saveReadingsInTransaction(
  database: ReadingsDatabase,
  request: SaveReadings,
): Promise<IdempotentAnswer> {
  const expected = savedAnswer(request.batch.length);
  const idempotency = request.idempotency && { ...request.idempotency, expected };
  return database.writeTransaction((trx) =>
    withIdempotency(trx, idempotency, async () => savedAnswer(await registerReadings(trx, request))),
  );
}

/**
 * Checks and stores a batch inside the caller's transaction (also the review's `Ret`): throws the 406
 * of the first invalid reading before anything is written. Returns how many readings of the batch
 * are now stored.
 */
export async function registerReadings(trx: Kysely<Database>, request: RegisterReadings): Promise<number> {
  const { writes, controlWrites, movedOutMeters } = await checkedWrites(trx, request);
  await storeReadings(trx, writes);
  await upsertControlReadings(trx, controlWrites);
  await openControlDeviationTasks(trx, request, controlWrites);
  await storeEvidence(trx, request);
  for (const task of await openFollowUpTasks(trx, request))
    if (task.opened) await request.onTaskOpened?.(trx, { deviceId: task.deviceId, taskId: task.taskId });
  // A move (`Fraflytning`): the old resident's contact goes with the same commit (ADR 046).
  const cleared = await clearResidents(trx, movedOutMeters);
  if (cleared.length > 0) {
    request.log?.info({ event: 'resident.cleared', meterIds: cleared }, 'resident.cleared');
  }
  return request.batch.length;
}

/** The answer to a saved batch, which its Idempotency-Key also keeps for a replay. */
function savedAnswer(count: number): IdempotentAnswer {
  const body: RegisterReadingsResponse = { Success: true, Message: '', Count: count };
  return { statusCode: 200, body };
}
