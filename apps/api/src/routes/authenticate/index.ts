import {
  ErrorResponse,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  MESSAGES,
  TokenRefreshResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TooManyAttemptsError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';
import { endSessionCredentials } from '../../services/auth/device-credentials.ts';
import { logIn } from '../../services/auth/login.ts';
import { refreshSessionToken, revokeSessionToken } from '../../services/auth/session-tokens.ts';
import { deviceCredentialRoutes } from './device-credential-routes.ts';
import { loginSucceeded } from './login-answer.ts';
import { passwordLinkRoutes } from './password-link-routes.ts';

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
    async (request) => {
      const { email } = request.body;
      const outcome = await logIn(
        { db: app.db, clock: app.clock, tokens: app.tokens, limits: app.config.login },
        { email, password: request.body.password, clientAddress: request.ip },
      );
      switch (outcome.kind) {
        case 'locked':
          await request.securityEvent('login.locked', {
            email,
            retryAfterSeconds: outcome.retryAfterSeconds,
          });
          throw new TooManyAttemptsError(messages.loginLocked, outcome.retryAfterSeconds);
        case 'failed':
          await request.securityEvent('login.failed', { email, slowedByMs: outcome.slowedByMs });
          return FAILED;
        case 'success':
          await request.securityEvent('login.succeeded', {
            userId: outcome.claims.nameIdentifier,
            slowedByMs: outcome.slowedByMs,
          });
          return loginSucceeded(outcome);
      }
    },
  );

  app.post(
    '/refreshtoken',
    {
      schema: {
        description:
          'Giver den indloggede bruger et nyt token og tilbagekalder det gamle; sessionens absolutte levetid forlænges ikke.',
        tags: ['Log ind'],
        response: { 200: TokenRefreshResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const issued = await refreshSessionToken(
        { db: app.db, tokens: app.tokens, now: app.clock.now() },
        request.session,
      );
      return { Token: issued.token, expires: issued.expires.toISOString() };
    },
  );

  app.post(
    '/logout',
    {
      config: { openDuringPasswordReset: true },
      schema: {
        description: 'Afslutter sessionen: tokenet tilbagekaldes på serveren (alle instanser).',
        tags: ['Log ind'],
        response: { 200: LogoutResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await revokeSessionToken(app.db, request.session, app.clock.now());
      await endSessionCredentials(app.db, request.session, app.clock.now());
      await request.securityEvent('logout', { tokenId: request.session.tokenId });
      return { Success: true as const };
    },
  );

  await app.register(deviceCredentialRoutes);
  await app.register(passwordLinkRoutes);
};
