import {
  ErrorResponse,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  MESSAGES,
  TokenRefreshResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { selectTokenVersion } from '../../db/repositories/auth-users.ts';
import { pruneRevokedTokens, revokeToken } from '../../db/repositories/revoked-tokens.ts';
import { NotSignedInError, TooManyAttemptsError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';
import { endSessionCredentials } from '../../services/auth/device-credentials.ts';
import { logIn } from '../../services/auth/login.ts';
import { logSecurityEvent } from '../../services/auth/security-events.ts';
import { deviceCredentialRoutes } from './device-credential-routes.ts';
import { loginSucceeded } from './login-answer.ts';

const FAILED: LoginResponse = {
  Success: false,
  Message: MESSAGES.loginFailed,
  ResetPassword: false,
  Token: null,
  Claims: null,
};

export const authenticateRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Ends the request's token on every instance (it is checked against the database on each request). */
  const revokePresentedToken = async (session: { tokenId: string; expiresAt: Date }) => {
    const revoked = await revokeToken(app.db, session);
    await pruneRevokedTokens(app.db, app.clock.now());
    return revoked;
  };

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
          logSecurityEvent(request.log, 'login.locked', {
            email,
            retryAfterSeconds: outcome.retryAfterSeconds,
          });
          throw new TooManyAttemptsError(messages.loginLocked, outcome.retryAfterSeconds);
        case 'failed':
          logSecurityEvent(request.log, 'login.failed', { email, slowedByMs: outcome.slowedByMs });
          return FAILED;
        case 'success':
          logSecurityEvent(request.log, 'login.succeeded', {
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
      // The guard has just checked this version against the token; read it again to sign the new one.
      const tokenVersion = await selectTokenVersion(app.db, request.user.id);
      if (tokenVersion === undefined) throw new NotSignedInError();
      // Of parallel refreshes with one token, only the one whose revocation went in gets a successor;
      // the others are answered as for a revoked token, so one session never splits into several.
      if (!(await revokePresentedToken(request.session))) throw new NotSignedInError();
      const issued = await app.tokens.renew(request.session, tokenVersion);
      if (!issued) throw new NotSignedInError();
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
      await revokePresentedToken(request.session);
      await endSessionCredentials(app.db, request.session, app.clock.now());
      logSecurityEvent(request.log, 'logout', { tokenId: request.session.tokenId });
      return { Success: true as const };
    },
  );

  await app.register(deviceCredentialRoutes);
};
