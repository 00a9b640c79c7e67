import { MAX_PHOTO_UPLOAD_BYTES } from '@maaler/contract';
import type { FastifyInstance } from 'fastify';
import { ContentTooLargeError, UnacceptableContentError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Lets the plugin's routes take image bodies as raw bytes up to the upload cap (ADR 045), and answers
 * the transport's own 413 for an upload over the cap in the photo's words. Called inside the plugin
 * of the routes that take photos, so no other route accepts image bodies.
 */
export function acceptPhotoBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    PHOTO_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error: Error & { statusCode?: number }) => {
    if (error.statusCode === 413) throw new ContentTooLargeError(messages.photoTooLarge);
    throw error;
  });
}

/** The upload's bytes; anything the image parser did not take (another content type) is not an image (406). */
export function photoBytesOf(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new UnacceptableContentError(messages.photoNotAnImage);
  return body;
}
