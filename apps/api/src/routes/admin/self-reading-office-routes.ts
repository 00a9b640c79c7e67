import {
  AccountIdParams,
  DeviceAccountParams,
  ErrorResponse,
  PeriodQuery,
  SelfReadingOverview,
  SentInvitations,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConflictError } from '../../domain/errors.ts';
import { sendFile } from '../../http/file-reply.ts';
import { messages } from '../../messages.ts';
import { renderLetters } from '../../services/selfreading/letter-pdf.ts';
import { issueLetter, lettersForMissing } from '../../services/selfreading/letters.ts';
import { selfReadingOverviewOf, sendInvitations } from '../../services/selfreading/self-reading-office.ts';

const tags = ['Administration'];
const PDF = 'application/pdf';
const pdfResponses = {
  200: {
    description: 'PDF som vedhæftning (Content-Disposition).',
    content: { [PDF]: { schema: z.string() } },
  },
  404: ErrorResponse,
};

/**
 * The office's `Selvaflæsning` section (issue 35, ADR 043): role 1 on accounts of their customers;
 * another customer's account or meter answers 404. Invitations and letters are for the period running now.
 */
export const selfReadingOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    kind: app.dbKind,
    clock: app.clock,
    publicUrl: app.config.publicUrl,
    deadlineDays: app.config.selfReadingDeadlineDays,
    writeTransaction: app.writeTransaction,
  });

  app.get(
    '/selfreading/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Selvaflæsning for perioden, der indeholder date (uden date den aktuelle): antal målere, inviterede (med et link til perioden), besvarede (med en selvaflæst værdi i perioden), påmindede og manglende; hvor mange en udsendelse vil invitere, hvor mange der mangler et brev, og målerne sprunget over med Ingen adgang.',
        tags,
        params: AccountIdParams,
        querystring: PeriodQuery,
        response: { 200: SelfReadingOverview, 404: ErrorResponse },
      },
    },
    async (request) => selfReadingOverviewOf(app.db, request.account.id, app.clock.now(), request.query.date),
  );

  app.post(
    '/selfreading/invitations/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Send invitationer: hver beboer med e-mail, hvis måler mangler i den igangværende periode og endnu ikke er inviteret til perioden, får en dansk e-mail med et personligt link. To kald sender intet to gange.',
        tags,
        params: AccountIdParams,
        response: { 200: SentInvitations, 404: ErrorResponse },
      },
    },
    async (request) => {
      const sent = await sendInvitations(deps(), {
        accountId: request.account.id,
        createdBy: request.user.id,
      });
      await request.securityEvent('selfreading.invitations-sent', {
        accountId: request.account.id,
        sent: sent.Sent,
        alreadyInvited: sent.AlreadyInvited,
        withoutEmail: sent.WithoutEmail,
      });
      return sent;
    },
  );

  app.post(
    '/selfreading/letters/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Udskriv breve: én PDF med en side pr. måler, der mangler i den igangværende periode og hvis beboer ikke har e-mail: kunde, adresse, måler, serienummer, frist, linket som QR-kode og som kort kode. Hvert brev får sit eget nye link. 409 når der ingen breve er.',
        tags,
        params: AccountIdParams,
        response: { ...pdfResponses, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const letters = await lettersForMissing(deps(), {
        accountId: request.account.id,
        createdBy: request.user.id,
      });
      if (letters.length === 0) throw new ConflictError(messages.noLettersToPrint);
      await request.securityEvent('selfreading.letters-printed', {
        accountId: request.account.id,
        letters: letters.length,
      });
      return sendFile(reply, {
        bytes: await renderLetters(letters),
        mediaType: PDF,
        name: 'selvaflaesning-breve.pdf',
      });
    },
  );

  app.post(
    '/selfreading/card/:deviceId/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Udskriv kort: brevet som én side for én måler på kontoen (fx efter Ingen adgang, når beboeren ikke har e-mail), med et nyt link til den igangværende periode. En måler uden for kontoen eller taget ud af brug: 404.',
        tags,
        params: DeviceAccountParams,
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const letter = await issueLetter(deps(), {
        deviceId: request.params.deviceId,
        accountId: request.account.id,
        createdBy: request.user.id,
      });
      await request.securityEvent('selfreading.card-printed', {
        accountId: request.account.id,
        deviceId: request.params.deviceId,
      });
      return sendFile(reply, {
        bytes: await renderLetters([letter]),
        mediaType: PDF,
        name: 'selvaflaesning-kort.pdf',
      });
    },
  );
};
