import type { RegisterReadingsResponse } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { CallWritingFunction } from '../../db/engine/data-version-bump.ts';
import type { WriteWork } from '../../db/engine/group-commit.ts';
import { upsertControlReadings } from '../../db/repositories/control-readings.ts';
import type { Database } from '../../db/schema.ts';
import { rulesWhenAsked } from './account-rules.ts';
import { hasControlReading } from './control/control-readings.ts';
import { type IdempotentAnswer, type IdempotentRequest, type KeyedWrite, keyedWrite } from './idempotency.ts';
import { storeReadings } from './readings.ts';
import { registerInOneStatement } from './register-in-one-statement.ts';
import type { RegisterReadings } from './register-readings-request.ts';
import { carriesEvidence, checkedWrites } from './write-checks.ts';
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
  await upsertControlReadings(trx, checked.controlWrites);
  await carryOutConsequences(trx, request, checked, rules);
  return request.batch.length;
}

/** The answer to a saved batch, which its Idempotency-Key also keeps for a replay. */
function savedAnswer(count: number): IdempotentAnswer {
  const body: RegisterReadingsResponse = { Success: true, Message: '', Count: count };
  return { statusCode: 200, body };
}
