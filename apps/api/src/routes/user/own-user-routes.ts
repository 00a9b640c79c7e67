import {
  ChangePasswordRequest,
  NamePasswordSaveRequest,
  PasswordChangeResponse,
  SaveCurrentUserRequest,
  SuccessResponse,
  User,
} from '@maaler/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TooManyAttemptsError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';
import { isCommonPassword } from '../../services/auth/common-passwords.ts';
import { checkCurrentPassword } from '../../services/auth/current-password.ts';
import { setPassword, updateProfile } from '../../services/users/user-updates.ts';
import { currentUser } from '../../services/users/users.ts';
import { passwordRuleFailure } from './password-rule-failure.ts';

const TAGS = ['Brugere'];

const refused = (message: string) => ({ Success: false, Message: message });

/** What every signed-in user may do with their own record. */
export const ownUserRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * null when the request may change the user's password or e-mail: during the forced reset the
   * token is enough (the user has just signed in with the temporary password); otherwise the present
   * password must be given. Otherwise the refusal to answer with.
   */
  const currentPasswordRefusal = async (request: FastifyRequest, currentPassword: string | undefined) => {
    if (request.user.resetPassword) return null;
    const check = await checkCurrentPassword(
      { db: app.db, clock: app.clock, limits: app.config.login },
      request.user,
      { password: currentPassword, clientAddress: request.ip },
    );
    if (check.kind === 'confirmed') return null;
    await request.securityEvent('password.change-refused', { reason: check.kind });
    if (check.kind === 'locked') {
      throw new TooManyAttemptsError(messages.loginLocked, check.retryAfterSeconds);
    }
    return refused(messages.currentPasswordWrong);
  };

  /** Stores the new password and answers with a token of the new version, so the session goes on. */
  const changePassword = async (
    request: FastifyRequest,
    change: { password: string; currentpassword?: string; name?: string },
  ): Promise<PasswordChangeResponse> => {
    if (isCommonPassword(change.password)) return refused(messages.passwordTooCommon);
    const refusal = await currentPasswordRefusal(request, change.currentpassword);
    if (refusal) return refusal;
    const { user, session } = request;
    const tokenVersion = await setPassword(app.db, {
      userId: user.id,
      password: change.password,
      name: change.name,
      resetPassword: false,
      now: app.clock.now(),
    });
    await request.securityEvent('password.changed', { wasReset: user.resetPassword });
    const issued = await app.tokens.renew(session, tokenVersion);
    return { Success: true, Message: '', ...(issued ? { Token: issued.token } : {}) };
  };

  app.get(
    '/loadcurrent',
    {
      config: { openDuringPasswordReset: true },
      schema: {
        description: 'Henter den indloggede bruger.',
        tags: TAGS,
        response: { 200: User },
      },
    },
    async (request) => currentUser(app.db, request.user),
  );

  app.post(
    '/savecurrent',
    {
      config: { account: 'body.accountId' },
      schema: {
        description:
          'Gemmer den indloggede brugers navn og e-mail for en af brugerens konti; en ny e-mail kræver den nuværende adgangskode (currentpassword).',
        tags: TAGS,
        body: SaveCurrentUserRequest,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      const { user } = request;
      if (request.body.email !== user.email) {
        const refusal = await currentPasswordRefusal(request, request.body.currentpassword);
        if (refusal) return refusal;
      }
      const outcome = await updateProfile(app.db, {
        userId: user.id,
        name: request.body.name,
        email: request.body.email,
        now: app.clock.now(),
      });
      // Says nothing of who has the address: it may belong to another customer's user.
      return outcome === 'saved' ? { Success: true, Message: '' } : refused(messages.emailUnavailable);
    },
  );

  app.post(
    '/changepassword',
    {
      attachValidation: true,
      config: { openDuringPasswordReset: true },
      schema: {
        description:
          'Skifter den indloggede brugers adgangskode og giver et nyt token. Uden for den tvungne nulstilling kræves den nuværende adgangskode (currentpassword).',
        tags: TAGS,
        body: ChangePasswordRequest,
        response: { 200: PasswordChangeResponse },
      },
    },
    async (request) => {
      if (request.validationError) return passwordRuleFailure(ChangePasswordRequest, request.body);
      return changePassword(request, request.body);
    },
  );

  app.post(
    '/namepasswordsave',
    {
      attachValidation: true,
      schema: {
        description:
          'Gemmer den indloggede brugers navn og nye adgangskode og giver et nyt token; kræver den nuværende adgangskode (currentpassword).',
        tags: TAGS,
        body: NamePasswordSaveRequest,
        response: { 200: PasswordChangeResponse },
      },
    },
    async (request) => {
      if (request.validationError) return passwordRuleFailure(NamePasswordSaveRequest, request.body);
      return changePassword(request, request.body);
    },
  );
};
