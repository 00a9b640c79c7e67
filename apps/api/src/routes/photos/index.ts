import { AccountIdParams, ErrorResponse, Guid, MAX_PHOTO_UPLOAD_BYTES } from '@maaler/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { photoOfAccount, uploadPhoto } from '../../services/photos/photo-uploads.ts';
import { acceptPhotoBodies, photoUploadOf, photoUploadResponses, sendPhotoUploaded } from './photo-body.ts';

const tags = ['Fotos'];
const PhotoParams = zm.object({ accountId: AccountIdParams.shape.accountId, photoId: Guid });

/** Photos on readings (issue 36, ADR 045): upload before the reading names it, and view. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptPhotoBodies(app);
  const database = { db: app.db, writeTransaction: app.writeTransaction, store: app.photoStore };

  app.put(
    '/:accountId/:photoId',
    {
      bodyLimit: MAX_PHOTO_UPLOAD_BYTES,
      config: { account: 'params.accountId' },
      schema: {
        description:
          'Lægger et foto til en måling op (image/jpeg, image/png eller image/webp, højst 5 MB), under enhedens eget UUID. Serveren afkoder billedet og gemmer en ny JPEG uden metadata (højst 1600 px på den lange led). Samme id igen fra samme bruger til samme konto svarer det samme og ændrer intet; et id, som en anden bruger eller konto har, svarer 404. Fotoet knyttes til en måling, når målingen sendes med photoId.',
        tags,
        params: PhotoParams,
        response: photoUploadResponses,
      },
    },
    async (request, reply) => {
      const { photoId, body } = photoUploadOf(request);
      const { created } = await uploadPhoto(database, {
        photoId,
        accountId: request.account.id,
        customerId: request.account.customer_id,
        uploadedBy: request.user.id,
        body,
        now: app.clock.now(),
      });
      if (created) request.log.info({ event: 'photo.uploaded', photoId }, 'photo uploaded');
      return sendPhotoUploaded(reply, photoId, created);
    },
  );

  app.get(
    '/:accountId/:photoId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description:
          'Et fotos JPEG for kontoens brugere (og administratorer for kundens konti); ethvert andet id svarer 404 som et ukendt. Cache-Control: no-store.',
        tags,
        params: PhotoParams,
        response: {
          200: { description: 'Fotoet som JPEG.', content: { 'image/jpeg': { schema: z.string() } } },
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const bytes = await photoOfAccount(database, request.account.id, request.params.photoId.toLowerCase());
      // The bytes go through Fastify's untyped reply, unserialized (as http/file-reply.ts does).
      return (reply as FastifyReply).type('image/jpeg').header('cache-control', 'no-store').send(bytes);
    },
  );
};
