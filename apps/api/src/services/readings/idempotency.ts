import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  claimIdempotencyKey,
  deleteIdempotencyKeysBefore,
  type IdempotencyKeyId,
  type StoredIdempotencyKey,
  saveIdempotentAnswer,
  selectIdempotencyKey,
} from '../../db/repositories/idempotency-keys.ts';
import type { Database } from '../../db/schema.ts';
import { IdempotencyKeyReusedError } from '../../domain/errors.ts';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export type IdempotentAnswer = { statusCode: number; body: unknown };

/** Identifies a request's meaning: the account it targets and its parsed body (unknown fields dropped). */
export function requestFingerprint(accountId: string, body: unknown): string {
  return createHash('sha256').update(accountId).update('\n').update(JSON.stringify(body)).digest('hex');
}

function cutoff(now: Date, ttlHours: number): string {
  return new Date(now.getTime() - ttlHours * 3_600_000).toISOString();
}

/** Removes keys older than the time-to-live; run outside the request's transaction. */
export function purgeExpiredIdempotencyKeys(
  db: Kysely<Database>,
  now: Date,
  ttlHours: number,
): Promise<void> {
  return deleteIdempotencyKeysBefore(db, cutoff(now, ttlHours));
}

/** How often the expired keys are swept: an expired key is ignored anyway (beginIdempotentRequest). */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 60_000;

/**
 * `purgeExpiredIdempotencyKeys` at most once per interval: sweeping on every request was a write of
 * its own per request. Returns a function to call on every request.
 */
export function throttledIdempotencyPurge(
  db: Kysely<Database>,
  ttlHours: number,
): (now: Date) => Promise<void> {
  let lastPurgeMs = Number.NEGATIVE_INFINITY;
  return async (now) => {
    if (Math.abs(now.getTime() - lastPurgeMs) < IDEMPOTENCY_PURGE_INTERVAL_MS) return;
    lastPurgeMs = now.getTime();
    await purgeExpiredIdempotencyKeys(db, now, ttlHours);
  };
}

/**
 * Inside the request's transaction: claims the key and returns null, so the request runs and its
 * answer is saved with `rememberAnswer` in the same transaction; or returns the answer saved by the
 * first request with this key. A key reused for a different request is refused with 422. An
 * expired key counts as unused. The claim holds the request's `expected` answer if it has one (else a
 * placeholder): nobody sees the claim before the transaction commits, and by then it holds the answer.
 */
export async function beginIdempotentRequest(
  trx: Kysely<Database>,
  request: IdempotentRequest,
): Promise<IdempotentAnswer | null> {
  const id = { userId: request.userId, key: request.key };
  if (await claimIdempotencyKey(trx, id, claimOf(request))) return null;

  const stored = await selectIdempotencyKey(trx, id);
  if (!stored) throw new Error('idempotency key vanished after a conflicting claim');
  return storedAnswer(stored, request);
}

export type IdempotencyClaim = {
  requestHash: string;
  statusCode: number;
  body: string;
  createdAt: string;
  expiredBefore: string;
};

/** What claiming the key stores (and which older claim it takes over). */
export function claimOf(request: IdempotentRequest): IdempotencyClaim {
  return {
    requestHash: request.fingerprint,
    statusCode: request.expected?.statusCode ?? 0,
    body: request.expected ? JSON.stringify(request.expected.body) : '',
    createdAt: request.now.toISOString(),
    expiredBefore: cutoff(request.now, request.ttlHours),
  };
}

/** The answer to a request whose key was taken: the first answer, or 422 if it was another request. */
export function storedAnswer(stored: StoredIdempotencyKey, request: IdempotentRequest): IdempotentAnswer {
  if (stored.request_hash !== request.fingerprint) {
    throw new IdempotencyKeyReusedError();
  }
  return { statusCode: stored.status_code, body: JSON.parse(stored.response_body) };
}

export type IdempotentRequest = IdempotencyKeyId & {
  fingerprint: string;
  now: Date;
  ttlHours: number;
  /**
   * The answer the work will give if it succeeds, when the route can say so in advance: stored with
   * the claim, so that saving the answer afterwards (a round trip on PostgreSQL) is only needed if
   * the work answers otherwise.
   */
  expected?: IdempotentAnswer;
};

const sameAnswer = (a: IdempotentAnswer, b: IdempotentAnswer) =>
  a.statusCode === b.statusCode && JSON.stringify(a.body) === JSON.stringify(b.body);

/**
 * Runs `work` at most once per Idempotency-Key, inside the caller's transaction: the first request
 * with a key runs it and its answer is saved with the key, a replay gets the saved answer without
 * running it again, a key reused for another request is refused (422). Without a key, `work` runs.
 */
export async function withIdempotency(
  trx: Kysely<Database>,
  request: IdempotentRequest | undefined,
  work: () => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer> {
  if (!request) return work();
  const saved = await beginIdempotentRequest(trx, request);
  if (saved) return saved;
  const answer = await work();
  if (!request.expected || !sameAnswer(request.expected, answer)) await rememberAnswer(trx, request, answer);
  return answer;
}

/**
 * A write's Idempotency-Key (undefined without one) bound to `expected`, the answer the write gives
 * when it succeeds, for either way of writing it: the one statement claims the key with `claim`, which
 * holds that answer, and answers a key it found taken with `answerOfTaken`; the transaction runs its
 * work `inTransaction` (withIdempotency).
 */
export function keyedWrite(request: IdempotentRequest | undefined, expected: IdempotentAnswer): KeyedWrite {
  const keyed = request && { ...request, expected };
  return {
    expected,
    claim: keyed && { userId: keyed.userId, key: keyed.key, ...claimOf(keyed) },
    answerOfTaken: (stored) => {
      if (!keyed) throw new Error('register_readings found a key the request did not send');
      return storedAnswer(stored, keyed);
    },
    inTransaction: (trx, work) => withIdempotency(trx, keyed, work),
  };
}

export type KeyedWrite = {
  expected: IdempotentAnswer;
  claim: (IdempotencyKeyId & IdempotencyClaim) | undefined;
  answerOfTaken: (stored: StoredIdempotencyKey) => IdempotentAnswer;
  inTransaction: (trx: Kysely<Database>, work: () => Promise<IdempotentAnswer>) => Promise<IdempotentAnswer>;
};

export function rememberAnswer(
  trx: Kysely<Database>,
  id: IdempotencyKeyId,
  answer: IdempotentAnswer,
): Promise<void> {
  return saveIdempotentAnswer(trx, id, { statusCode: answer.statusCode, body: JSON.stringify(answer.body) });
}
