import {
  ApiKeyIdParams,
  ApiKeyList,
  CreateApiKeyRequest,
  CreatedApiKey,
  ErrorResponse,
  SuccessResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyList, createApiKey, revokeApiKey } from '../../services/auth/api-keys.ts';
import { adminOnly } from '../admin-only.ts';

const tags = ['Administration'];

/** `API-nøgler` (issue 38, ADR 051): keys with which a customer's machine client posts readings imports. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apikeys',
    {
      config: adminOnly,
      schema: {
        description:
          'API-nøgler (kun for administratorer): nøglerne til administratorens kunder, nyeste først, med kunde, navn, de første tegn, hvem der oprettede og tilbagekaldte dem og hvornår, og hvornår de sidst blev brugt; aldrig selve nøglen.',
        tags,
        response: { 200: ApiKeyList },
      },
    },
    async (request) => apiKeyList(app.db, request.user),
  );

  app.post(
    '/apikeys',
    {
      config: adminOnly,
      schema: {
        description:
          'Opretter en API-nøgle til en af administratorens kunder (ellers 404). Svaret viser nøglen denne ene gang; serveren gemmer kun en hash. Nøglen bruges som Authorization: Bearer mk_… og kan kun importere aflæsninger (POST /api/admin/import/{accountId}/readings) på kundens konti.',
        tags,
        body: CreateApiKeyRequest,
        response: { 200: CreatedApiKey, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      app.writeTransaction(async (trx) => {
        const { customerId, name } = request.body;
        const created = await createApiKey(trx, {
          customerId,
          name,
          createdBy: request.user,
          now: app.clock.now(),
        });
        await request.securityEvent(
          'api-key.created',
          { customerId, keyId: created.key.id, name, prefix: created.key.prefix },
          trx,
        );
        return created;
      }),
  );

  app.post(
    '/apikeys/revoke/:keyId',
    {
      config: adminOnly,
      schema: {
        description:
          'Tilbagekalder en API-nøgle til en af administratorens kunder (ellers 404); derefter afvises den med 401. En nøgle, der allerede er tilbagekaldt, giver 409.',
        tags,
        params: ApiKeyIdParams,
        response: { 200: SuccessResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) =>
      app.writeTransaction(async (trx) => {
        const revoked = await revokeApiKey(trx, {
          keyId: request.params.keyId,
          by: request.user,
          now: app.clock.now(),
        });
        await request.securityEvent(
          'api-key.revoked',
          { customerId: revoked.customerId, keyId: revoked.keyId, name: revoked.name },
          trx,
        );
        return { Success: true, Message: '' } as const;
      }),
  );
};
