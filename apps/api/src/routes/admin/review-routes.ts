import {
  AccountIdParams,
  ApproveControlsRequest,
  ApproveRequest,
  ApproveResponse,
  ControlReviewList,
  CorrectRequest,
  ErrorResponse,
  ReviewList,
  SuccessResponse,
  ValidationErrorResponse,
} from '@maaler/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { controlsToReview } from '../../services/administration/control-review.ts';
import { correctReading, readingsToReview } from '../../services/administration/reading-review.ts';
import { approveOnReview, type ReviewKind } from '../../services/administration/review-approval.ts';

const tags = ['Administration'];

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  /** `Godkend` of either kind in one transaction with its security event (a control's says so). */
  const approve = (request: FastifyRequest, kind: ReviewKind, ids: readonly number[]) =>
    app.writeTransaction(async (trx) => {
      const approved = await approveOnReview(trx, kind, {
        accountId: request.account.id,
        userId: request.user.id,
        ids,
        now: app.clock.now(),
      });
      await request.securityEvent(
        'review.approved',
        {
          accountId: request.account.id,
          ...(kind === 'control' ? { kind } : {}),
          requested: ids.length,
          count: approved.Count,
        },
        trx,
      );
      return approved;
    });

  app.get(
    '/review/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Til kontrol (kun for administratorer): kontoens målinger, som plausibilitetsreglen advarede om, da serveren gemte dem (uanset om de blev sendt med Send alligevel), og som endnu ikke er godkendt, ældste dato først, med lokation, måler, målepunkt, værdi, dato, hvem og advarslerne (plausibilitetsreglen genberegnet ud fra målepunktets målinger dateret før målingen).',
        tags,
        params: AccountIdParams,
        response: { 200: ReviewList, 404: ErrorResponse },
      },
    },
    async (request) => readingsToReview(app.db, request.account.id),
  );

  app.post(
    '/review/approve/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Markerer målinger til kontrol som Godkendt (hvem og hvornår). Alle id’er skal være sådanne målinger på kontoen, ellers 404, og intet ændres. En allerede godkendt måling beholder sin første godkendelse (Count tæller kun nye). Rettes værdien senere, skal målingen godkendes igen.',
        tags,
        params: AccountIdParams,
        body: ApproveRequest,
        response: { 200: ApproveResponse, 404: ErrorResponse },
      },
    },
    async (request) => approve(request, 'reading', request.body.readingIds),
  );

  app.post(
    '/review/correct/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Retter værdien af en måling til kontrol: gemmes efter de samme regler som enhver måling (406 med målepunktets navn ved en ugyldig værdi) og logges som en rettelse, hvorefter målingen er Godkendt. En måling, der ikke venter på kontrol på kontoen, giver 404.',
        tags,
        params: AccountIdParams,
        body: CorrectRequest,
        response: { 200: SuccessResponse, 404: ErrorResponse, 406: ValidationErrorResponse },
      },
    },
    async (request) => {
      await app.writeTransaction(async (trx) => {
        await correctReading(trx, {
          accountId: request.account.id,
          userId: request.user.id,
          readingId: request.body.readingId,
          value: request.body.value,
          now: app.clock.now(),
        });
        await request.securityEvent(
          'review.corrected',
          { accountId: request.account.id, readingId: request.body.readingId, count: 1 },
          trx,
        );
      });
      return { Success: true, Message: '' };
    },
  );

  app.get(
    '/review/controls/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Til kontrol, kontrolaflæsninger (kun for administratorer): kontoens kontrolaflæsninger på fjernaflæste målere, der afviger fra dagens fjernaflæste værdi (interpoleret mellem de to nærmeste) med mere end tolerancen, og som endnu ikke er godkendt, ældste dato først, med kontrolværdien, den fjernaflæste værdi og forskellen. Årsag: Afvigelse mellem kontrol og fjernaflæsning.',
        tags,
        params: AccountIdParams,
        response: { 200: ControlReviewList, 404: ErrorResponse },
      },
    },
    async (request) => controlsToReview(app.db, request.account.id),
  );

  app.post(
    '/review/controls/approve/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Godkender afvigende kontrolaflæsninger (hvem og hvornår); de faktureres aldrig, så godkendelsen markerer dem blot som set. Alle id’er skal være sådanne kontrolaflæsninger på kontoen, ellers 404, og intet ændres. En allerede godkendt beholder sin første godkendelse (Count tæller kun nye). Sendes en ny værdi for samme dag, sammenlignes den igen.',
        tags,
        params: AccountIdParams,
        body: ApproveControlsRequest,
        response: { 200: ApproveResponse, 404: ErrorResponse },
      },
    },
    async (request) => approve(request, 'control', request.body.controlReadingIds),
  );
};
