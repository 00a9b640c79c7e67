import { ErrorResponse, LoginRequest, LoginResponse, MESSAGES, TokenRefreshResponse } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../messages.ts';
import { HttpError, unauthorized } from '../../services/http-errors.ts';
import { logIn } from '../../services/login.ts';

const FAILED: LoginResponse = {
  Success: false,
  Message: MESSAGES.loginFailed,
  ResetPassword: false,
  Token: null,
  Claims: null,
};

export const authenticateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/userauthenticate/v2',
    {
      config: { public: true },
      schema: {
        description: 'Log ind med e-mail og adgangskode; giver et token og brugerens claims.',
        tags: ['Log ind'],
        body: LoginRequest,
        response: { 200: LoginResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const outcome = await logIn(
        { db: app.db, clock: app.clock, tokens: app.tokens, limits: app.config.login },
        { email: request.body.email, password: request.body.password, clientAddress: request.ip },
      );
      switch (outcome.kind) {
        case 'locked':
          throw new HttpError(
            429,
            { Message: messages.loginLocked },
            { headers: { 'retry-after': String(outcome.retryAfterSeconds) } },
          );
        case 'failed':
          return FAILED;
        case 'success':
          return {
            Success: true,
            Message: '',
            ResetPassword: outcome.resetPassword,
            Token: outcome.token,
            Claims: outcome.claims,
          };
      }
    },
  );

  app.post(
    '/refreshtoken',
    {
      schema: {
        description: 'Giver den indloggede bruger et nyt token (linket "Forbliv logget ind").',
        tags: ['Log ind'],
        response: { 200: TokenRefreshResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The guard has just checked this version against the token; read it again to sign the new one.
      const row = await app.db
        .selectFrom('users')
        .select('token_version')
        .where('id', '=', request.user.id)
        .executeTakeFirst();
      if (!row) throw unauthorized();
      const issued = await app.tokens.issue({ userId: request.user.id, tokenVersion: row.token_version });
      return { Token: issued.token, expires: issued.expires.toISOString() };
    },
  );
};
