import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../domain/errors.ts';
import { isApiRoute } from '../http/api-route.ts';
import { domainErrorAnswer } from '../http/domain-error-answer.ts';
import { validationMessage } from '../http/validation-message.ts';
import { messages } from '../messages.ts';

/**
 * Maps every error to the contract's answers in Danish: a domain error by `domainErrorAnswer`, the
 * framework's own errors to `{ Message }`. Internals (stack, SQL, paths)
 * never leave the server; each 5xx is logged with the request id that the response also carries.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const answer = error instanceof DomainError ? domainErrorAnswer(error) : undefined;
      if (answer) {
        if (answer.status === 403 || answer.status === 404) await recordAccessDenied(request, answer.status);
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ Message: validationMessage(error.validation[0]?.message) });
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return reply.code(413).send({ Message: messages.bodyTooLarge });
      if (status === 415) return reply.code(415).send({ Message: messages.unsupportedMediaType });
      if (status === 429) return reply.code(429).send({ Message: messages.tooManyRequests });
      if (status >= 400 && status < 500) return reply.code(status).send({ Message: messages.badRequest });

      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply.code(500).send({ Message: messages.internalError });
    });
  },
  { name: 'error-handler' },
);

/**
 * Fastify's router errors (a malformed %-escape, a path parameter over maxParamLength) skip the error
 * handler; without this they would answer in Fastify's own shape, echoing the URL.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode === 414 ? 414 : 400;
  void reply.code(status).header('x-request-id', request.id).send({ Message: messages.badRequest });
}

/**
 * A refused or unreachable id on a matched API route. "Not yours" and "does not exist" answer alike on
 * purpose, so the event covers both; the ids tried show which was which to whoever reads the log.
 */
async function recordAccessDenied(request: FastifyRequest, status: number): Promise<void> {
  const route = request.routeOptions.url;
  if (!isApiRoute(route)) return;
  const params = request.params && typeof request.params === 'object' ? Object.values(request.params) : [];
  await request.securityEvent('access.denied', { status, route, target: params.join(',') || undefined });
}
