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
 * The request's Idempotency-Key as the services take it (undefined without one), sweeping expired
 * keys now and then.
 */
export function idempotentRequests(app: FastifyInstance) {
  const purgeExpiredKeys = throttledIdempotencyPurge(app.db, app.config.idempotencyTtlHours);
  return async (request: AccountWrite, now: Date): Promise<IdempotentRequest | undefined> => {
    const key = request.headers['idempotency-key'];
    if (key === undefined) return undefined;
    await purgeExpiredKeys(now);
    return {
      userId: request.user.id,
      key,
      fingerprint: requestFingerprint(request.account.id, request.body),
      now,
      ttlHours: app.config.idempotencyTtlHours,
    };
  };
}

/**
 * Runs a write on the request's account in one write transaction, at most once per Idempotency-Key:
 * a replay gets the first answer, a key reused for another request 422. Answers only after the commit.
 */
export function idempotentAccountWrites(app: FastifyInstance) {
  const idempotencyOf = idempotentRequests(app);
  return async (
    request: AccountWrite,
    work: (trx: Kysely<Database>, now: Date) => Promise<IdempotentAnswer>,
  ): Promise<IdempotentAnswer> => {
    const now = app.clock.now();
    const idempotency = await idempotencyOf(request, now);
    return app.writeTransaction((trx) => withIdempotency(trx, idempotency, () => work(trx, now)));
  };
}
