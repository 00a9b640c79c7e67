import type { FastifyInstance } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { InvalidRequestError } from '../../domain/errors.ts';

/**
 * Lets the plugin's routes take JSON bodies as the bytes that came, for a worker to parse and check
 * (ADR 052): a body of megabytes is not parsed on the server's thread. Called inside the plugin of
 * the routes that want it, so every other route keeps Fastify's JSON parser.
 */
export function acceptRawJsonBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
}

/**
 * The route's validator with the body passed on unchecked: its schema stays in the route for the API
 * description, and the worker that parses the body checks it against the same schema.
 */
export function rawBodyValidator<Schema>(route: FastifyRouteSchemaDef<Schema>) {
  if (route.httpPart === 'body') return (value: unknown) => ({ value });
  // Fastify types every part's schema as the route's; at run time it is that part's Zod schema.
  return validatorCompiler(route as FastifyRouteSchemaDef<unknown> as FastifyRouteSchemaDef<z.core.$ZodType>);
}

/** The raw body; a request without one (no content type) is no import request. */
export function rawJsonBodyOf(request: { body: unknown }): Buffer {
  if (!Buffer.isBuffer(request.body)) throw new InvalidRequestError();
  return request.body;
}
