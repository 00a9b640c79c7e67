import {
  ErrorResponse,
  MAX_PHOTO_UPLOAD_BYTES,
  PhotoUploaded,
  ValidationErrorResponse,
} from '@maaler/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/** What a photo upload answers, whichever route takes it. */
export const photoUploadResponses = {
  200: PhotoUploaded,
  201: PhotoUploaded,
  404: ErrorResponse,
  406: ValidationErrorResponse,
  413: ErrorResponse,
};

/**
 * The upload's id as stored (lower case) and its bytes; anything the image parser did not take (another
 * content type) is not an image (406).
 */
export function photoUploadOf(request: { params: { photoId: string }; body: unknown }): {
  photoId: string;
  body: Buffer;
} {
  const { body } = request;
  if (!Buffer.isBuffer(body)) throw new UnacceptableContentError(messages.photoNotAnImage);
  return { photoId: request.params.photoId.toLowerCase(), body };
}

/** 201 for a photo stored now, 200 for the same id again (nothing changed). */
export function sendPhotoUploaded(reply: FastifyReply, photoId: string, created: boolean) {
  return reply.code(created ? 201 : 200).send({ Success: true, PhotoId: photoId });
}
