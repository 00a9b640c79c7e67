import {
  DeviceCredentialResponse,
  ErrorResponse,
  ExchangeDeviceCredentialRequest,
  LoginResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotSignedInError, TooManyAttemptsError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';
import { exchangeDeviceCredential, issueDeviceCredential } from '../../services/auth/device-credentials.ts';
import { loginSucceeded } from './login-answer.ts';

const TAGS = ['Log ind'];

/** Offline sign-in's server half (ADR 034): issuing a device credential and exchanging it for a token. */
export const deviceCredentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, clock: app.clock, sessionMaxSeconds: app.config.sessionMaxSeconds });

  app.post(
    '/devicecredential',
    {
      schema: {
        description:
          'Udsteder en enhedsnøgle til offline-login for den indloggede session; den gælder højst til sessionens absolutte udløb og tilbagekaldes ved logout, ny adgangskode eller deaktivering.',
        tags: TAGS,
        response: { 200: DeviceCredentialResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const issued = await issueDeviceCredential(deps(), request.session);
      await request.securityEvent('device-credential.issued', {
        userId: request.user.id,
        credentialId: issued.id,
        expires: issued.expires.toISOString(),
      });
      return { Success: true as const, Credential: issued.credential, Expires: issued.expires.toISOString() };
    },
  );

  app.post(
    '/exchangedevicecredential',
    {
      config: { public: true },
      schema: {
        description:
          'Bytter en gyldig enhedsnøgle til et token i den session, den blev udstedt i (svar som ved login); ellers 401. Forsøg tæller som login-forsøg fra klientens adresse.',
        tags: TAGS,
        body: ExchangeDeviceCredentialRequest,
        response: { 200: LoginResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const outcome = await exchangeDeviceCredential(
        { ...deps(), tokens: app.tokens, limits: app.config.login },
        { credential: request.body.credential, clientAddress: request.ip },
      );
      switch (outcome.kind) {
        case 'locked':
          await request.securityEvent('login.locked', { retryAfterSeconds: outcome.retryAfterSeconds });
          throw new TooManyAttemptsError(messages.loginLocked, outcome.retryAfterSeconds);
        case 'refused':
          await request.securityEvent('device-credential.refused', {
            reason: outcome.reason,
            userId: outcome.userId,
            credentialId: outcome.credentialId,
          });
          throw new NotSignedInError(messages.deviceCredentialRefused);
        case 'success':
          await request.securityEvent('device-credential.exchanged', {
            userId: outcome.userId,
            credentialId: outcome.credentialId,
          });
          return loginSucceeded(outcome);
      }
    },
  );
};
