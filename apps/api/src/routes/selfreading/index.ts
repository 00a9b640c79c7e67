import {
  ErrorResponse,
  Guid,
  MAX_PHOTO_UPLOAD_BYTES,
  SELF_READING_TOKEN_HEADER,
  SelfReadingLink,
  SelfReadingRequest,
  SelfReadingTokenHeaders,
  ValidationErrorResponse,
} from '@maaler/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { NotFoundError, TooManyAttemptsError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';
import {
  admitAddressAttempt,
  settleAddressSuccess,
  settleFailure,
} from '../../services/auth/login-throttle.ts';
import { logSecurityEvent } from '../../services/auth/security-events.ts';
import type { ReadingsDatabase } from '../../services/readings/save-readings.ts';
import { openSelfReadingLink, saveSelfReading } from '../../services/selfreading/self-reading-links.ts';
import { uploadSelfReadingPhoto } from '../../services/selfreading/self-reading-photos.ts';
import {
  acceptPhotoBodies,
  photoUploadOf,
  photoUploadResponses,
  sendPhotoUploaded,
} from '../photos/photo-body.ts';

const tags = ['Selvaflæsning'];

/**
 * The resident's self-reading link (issue 35, ADR 039): public, no token of a session. The link's
 * token travels in a header or the body, never the URL. Every request counts in the client address's
 * sign-in scope; a refused link stays counted, so guessing links locks the address like guessing
 * passwords (429).
 */
export const selfReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  const database: ReadingsDatabase = {
    db: app.db,
    writeTransaction: app.writeTransaction,
    callWritingFunction: app.callWritingFunction,
  };
  const photoDatabase = { db: app.db, writeTransaction: app.writeTransaction, store: app.photoStore };
  const deps = () => ({
    db: app.db,
    clock: app.clock,
    publicUrl: app.config.publicUrl,
    deadlineDays: app.config.selfReadingDeadlineDays,
  });

  /** Runs `work` within the address's throttle: a refused link counts as a failed attempt. */
  async function throttled<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    const verdict = await admitAddressAttempt(app.db, request.ip, app.config.login, app.clock.now());
    if (verdict.kind === 'locked') {
      throw new TooManyAttemptsError(messages.loginLocked, verdict.retryAfterSeconds);
    }
    try {
      const answer = await work();
      await settleAddressSuccess(app.db, verdict.scopes);
      return answer;
    } catch (error) {
      if (error instanceof NotFoundError) {
        await settleFailure(app.db, verdict.scopes, app.config.login, app.clock.now());
        refused(request.log);
      } else {
        await settleAddressSuccess(app.db, verdict.scopes);
      }
      throw error;
    }
  }

  app.get(
    '/link',
    {
      config: { public: true },
      schema: {
        description: `Selvaflæsningslinkets side: kunde, lokation, måler, serienummer, målepunkter og de værdier, der er sendt med linket i perioden. Tokenet i headeren ${SELF_READING_TOKEN_HEADER}. Ukendt, udløbet eller andet: 404 med samme svar. Tælles pr. klientadresse som login (429).`,
        tags,
        headers: SelfReadingTokenHeaders,
        response: { 200: SelfReadingLink, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) =>
      throttled(request, () => openSelfReadingLink(deps(), request.headers[SELF_READING_TOKEN_HEADER])),
  );

  app.post(
    '/reading',
    {
      config: { public: true },
      schema: {
        description:
          'Gemmer beboerens aflæsning (kilde Selvaflæsning) for linkets måler, dateret i dag eller periodens sidste dag; en ny værdi samme dag erstatter den forrige, indtil fristen. Kvittering med e-mail, når linket har en modtager. 404 med samme svar for ethvert afvist link eller et andet målers målepunkt; 406 for en ugyldig værdi. XSRF som ved login.',
        tags,
        body: SelfReadingRequest,
        response: {
          200: SelfReadingLink,
          404: ErrorResponse,
          406: ValidationErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => throttled(request, () => saveSelfReading(deps(), database, request.body)),
  );

  // In a plugin of its own, so the image parser and the photo's 413 reach this route only.
  await app.register(async (photos) => {
    acceptPhotoBodies(photos);
    photos.withTypeProvider<ZodTypeProvider>().put(
      '/photo/:photoId',
      {
        bodyLimit: MAX_PHOTO_UPLOAD_BYTES,
        config: { public: true },
        schema: {
          description: `Lægger beboerens foto op gennem selvaflæsningslinket (issue 36), under enhedens eget UUID; tokenet i headeren ${SELF_READING_TOKEN_HEADER}. Samme regler som PUT /api/photos (image/jpeg, image/png eller image/webp, højst 5 MB, gemt som ny JPEG uden metadata; 406 for andet end et billede, 413 for stort). Fotoet kan kun knyttes til dette links måling; et id, som et andet link eller en bruger har, svarer 404 som et afvist link. Tælles pr. klientadresse som login (429). XSRF som ved login.`,
          tags,
          headers: SelfReadingTokenHeaders,
          params: z.object({ photoId: Guid }),
          response: { ...photoUploadResponses, 429: ErrorResponse },
        },
      },
      async (request, reply) => {
        const { photoId, body } = photoUploadOf(request);
        const { created } = await throttled(request, () =>
          uploadSelfReadingPhoto(
            { clock: app.clock, ...photoDatabase },
            { token: request.headers[SELF_READING_TOKEN_HEADER], photoId, body },
          ),
        );
        if (created) request.log.info({ event: 'selfreading.photo-uploaded', photoId }, 'photo uploaded');
        return sendPhotoUploaded(reply, photoId, created);
      },
    );
  });
};

function refused(log: FastifyBaseLogger): void {
  logSecurityEvent(log, 'selfreading.refused', { reason: 'invalid-link' });
}
