import {
  ErrorResponse,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  MAIL_MESSAGES,
  SetPasswordRequest,
  SetPasswordResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TooManyAttemptsError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';
import {
  admitAddressAttempt,
  settleAddressSuccess,
  settleFailure,
} from '../../services/auth/login-throttle.ts';
import { requestPasswordReset, setPasswordWithLink } from '../../services/auth/password-links.ts';
import { admitResetRequest } from '../../services/auth/reset-request-throttle.ts';
import { passwordRuleFailure } from '../user/password-rule-failure.ts';

/**
 * A reset request answers no sooner than this, found or not: writing the link and the message for a
 * real user must not be told apart from the look-up alone by the time it takes.
 */
const RESET_ANSWER_FLOOR_MS = 250;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const locked = (retryAfterSeconds: number) =>
  new TooManyAttemptsError(messages.loginLocked, retryAfterSeconds);

/** `Glemt adgangskode?` and the set-password link of resets and invitations (issue 35, ADR 037). */
export const passwordLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/forgotpassword',
    {
      config: { public: true },
      schema: {
        description:
          'Glemt adgangskode?: sender en e-mail med et link, der sætter en ny adgangskode (én gang, i en time). Svaret er det samme, uanset om e-mailen hører til en bruger. Tælles pr. e-mail og klientadresse som login (429).',
        tags: ['Log ind'],
        body: ForgotPasswordRequest,
        response: { 200: ForgotPasswordResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const started = performance.now();
      const { email } = request.body;
      const verdict = await admitResetRequest(
        app.db,
        { email, clientAddress: request.ip },
        app.config.login,
        app.clock.now(),
      );
      if (verdict.kind === 'locked') {
        await request.securityEvent('password.reset-refused', { email, reason: 'locked' });
        throw locked(verdict.retryAfterSeconds);
      }
      const written = await requestPasswordReset(
        { db: app.db, clock: app.clock, publicUrl: app.config.publicUrl },
        email,
      );
      await request.securityEvent('password.reset-requested', { email, known: written });
      await sleep(RESET_ANSWER_FLOOR_MS - (performance.now() - started));
      return { Success: true as const, Message: MAIL_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/setpassword',
    {
      attachValidation: true,
      config: { public: true },
      schema: {
        description:
          'Sætter en ny adgangskode med tokenet fra et link i en e-mail (nulstilling eller invitation). Linket kan bruges én gang; alle brugerens sessioner slutter. Et ugyldigt, brugt eller udløbet link giver Success: false; forsøg tælles pr. klientadresse som login (429).',
        tags: ['Log ind'],
        body: SetPasswordRequest,
        response: { 200: SetPasswordResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      if (request.validationError) return passwordRuleFailure(SetPasswordRequest, request.body);
      const verdict = await admitAddressAttempt(app.db, request.ip, app.config.login, app.clock.now());
      if (verdict.kind === 'locked') throw locked(verdict.retryAfterSeconds);
      const outcome = await setPasswordWithLink({ db: app.db, clock: app.clock }, request.body);
      switch (outcome.kind) {
        case 'too-common':
          await settleAddressSuccess(app.db, verdict.scopes);
          return { Success: false, Message: messages.passwordTooCommon };
        case 'invalid':
          await settleFailure(app.db, verdict.scopes, app.config.login, app.clock.now());
          await request.securityEvent('password.reset-refused', { reason: 'invalid-link' });
          return { Success: false, Message: MAIL_MESSAGES.resetLinkInvalid };
        case 'set':
          await settleAddressSuccess(app.db, verdict.scopes);
          await request.securityEvent('password.reset-by-link', {
            targetUserId: outcome.userId,
            purpose: outcome.purpose,
          });
          return { Success: true, Message: '' };
      }
    },
  );
};
