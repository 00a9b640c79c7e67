import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { messages } from '../../messages.ts';
import {
  type IdempotentAnswer,
  type IdempotentRequest,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  requestFingerprint,
  throttledIdempotencyPurge,
  withIdempotency,
} from '../../services/readings/idempotency.ts';

/** The optional `Idempotency-Key` header of the writes that a client may retry. */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: messages.idempotencyKeyInvalid })
    .min(1, { error: messages.idempotencyKeyInvalid })
    .max(MAX_IDEMPOTENCY_KEY_LENGTH, { error: messages.idempotencyKeyInvalid })
    .optional(),
});

type AccountWrite = Pick<FastifyRequest, 'user' | 'account' | 'body'> & {
  headers: z.infer<typeof IdempotencyHeaders>;
};

/**
 * A write that may do without a transaction (ADR 027): its answer, or undefined when the write is to
 * run as `work` in a transaction after all (having written nothing).
 */
export type WriteAlone = (
  idempotency: IdempotentRequest | undefined,
  now: Date,
) => Promise<IdempotentAnswer | undefined>;

/**
 * Runs a write on the request's account in one write transaction, at most once per Idempotency-Key:
 * a replay gets the first answer, a key reused for another request 422. Answers only after the commit.
 * `expected`: the answer the work gives when it succeeds, if known in advance (saves a statement).
 * `alone`, when given, is tried first.
 */
export function idempotentAccountWrites(app: FastifyInstance) {
  const purgeExpiredKeys = throttledIdempotencyPurge(app.db, app.config.idempotencyTtlHours);
  return async (
    request: AccountWrite,
    work: (trx: Kysely<Database>, now: Date) => Promise<IdempotentAnswer>,
    expected?: IdempotentAnswer,
    alone?: WriteAlone,
  ): Promise<IdempotentAnswer> => {
    const now = app.clock.now();
    const key = request.headers['idempotency-key'];
    const idempotency =
      key === undefined
        ? undefined
        : {
            userId: request.user.id,
            key,
            fingerprint: requestFingerprint(request.account.id, request.body),
            now,
            ttlHours: app.config.idempotencyTtlHours,
            ...(expected ? { expected } : {}),
          };
    if (idempotency) await purgeExpiredKeys(now);
    const answer = alone && (await alone(idempotency, now));
    if (answer) return answer;
    return app.writeTransaction((trx) => withIdempotency(trx, idempotency, () => work(trx, now)));
  };
}
