import type { FastifyReply } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The JSON text that the route's serializer (fastify-type-provider-zod) would send for `value`: checked
 * against the contract's `schema`, then stringified, with the serializer's error when it does not fit.
 * For answers that are kept as text and sent many times (db/engine/read-cache.ts).
 */
export function jsonBody<S extends z.core.$ZodType>(
  schema: S,
  value: z.output<S>,
  request: { method: string; routeOptions: { url?: string } },
): string {
  const result = z.safeEncode(schema, value);
  if (!result.success) {
    throw new ResponseSerializationError(request.method, request.routeOptions.url ?? '', {
      cause: result.error,
    });
  }
  return JSON.stringify(result.data);
}

/** Sends JSON text as it is: Fastify serializes no string body whose content type is set. */
export function sendJsonBody(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
