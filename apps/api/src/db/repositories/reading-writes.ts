import type { CallWritingFunction } from '../engine/data-version-bump.ts';
import type { IdempotencyKeyId, StoredIdempotencyKey } from './idempotency-keys.ts';
import type { ReadingWrite } from './readings.ts';

export type KeyClaim = IdempotencyKeyId & {
  requestHash: string;
  statusCode: number;
  body: string;
  createdAt: string;
  expiredBefore: string;
};

/** Raised by register_readings, before anything is kept, for a batch it does not write itself. */
const NEEDS_TRANSACTION = 'MA001';

/**
 * What became of the batch: written (and the key, if any, claimed with the expected answer); the key
 * was taken, with what it holds; or the batch needs the transactional path, and nothing was written.
 */
export type OneStatementOutcome =
  | { written: true }
  | { taken: StoredIdempotencyKey }
  | { needsTransaction: true };

type FunctionRow = {
  request_hash: string | null;
  status_code: number | null;
  response_body: string | null;
};

/**
 * PostgreSQL only: the SQL function `register_readings` (migration 20261129T0900, ADR 027) claims the
 * key and stores the readings (new ones inserted, changed ones replaced, each with its audit row) in
 * one statement, sent with its commit and the data-version bump in one round trip by the pool's
 * `callWritingFunction` (db/engine/data-version-bump.ts), the one way to call it.
 */
export async function registerReadingsInOneStatement(
  callWritingFunction: CallWritingFunction,
  accountId: string,
  writes: readonly ReadingWrite[],
  claim: KeyClaim | undefined,
): Promise<OneStatementOutcome> {
  const readings = writes.map((w) => ({
    device_item_id: w.deviceItemId,
    date_record: w.dateRecord,
    value: w.value,
    registered_at: w.at,
    registered_by: w.by,
    plausibility_override: w.plausibilityOverride,
    source: w.source,
    entered_at: w.enteredAt,
    reason: w.reason,
  }));
  const key = claim && {
    user_id: claim.userId,
    key: claim.key,
    request_hash: claim.requestHash,
    status_code: claim.statusCode,
    response_body: claim.body,
    created_at: claim.createdAt,
    expired_before: claim.expiredBefore,
  };
  try {
    const [row] = await callWritingFunction<FunctionRow>('register_readings', [
      accountId,
      JSON.stringify(readings),
      key ? JSON.stringify(key) : null,
    ]);
    if (!row) throw new Error('register_readings answered no row');
    if (row.request_hash === null) return { written: true };
    if (row.status_code === null || row.response_body === null) {
      throw new Error('register_readings answered an incomplete idempotency key');
    }
    return {
      taken: {
        request_hash: row.request_hash,
        status_code: row.status_code,
        response_body: row.response_body,
      },
    };
  } catch (error) {
    if ((error as { code?: unknown }).code === NEEDS_TRANSACTION) return { needsTransaction: true };
    throw error;
  }
}
