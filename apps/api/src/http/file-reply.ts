import type { FastifyReply } from 'fastify';

/**
 * Sends bytes as a file to save: the route's documented 200 body is text (the OpenAPI document has no
 * better word for a file), so the bytes go through Fastify's untyped reply, unserialized, with the
 * plugins' headers (no-store, security headers) added as for any answer.
 */
export function sendFile(reply: FastifyReply, file: { bytes: Buffer; mediaType: string; name: string }) {
  return reply
    .type(file.mediaType)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .send(file.bytes);
}
