import {
  ChangePasswordRequest,
  NamePasswordSaveRequest,
  PasswordChangeResponse,
  SaveCurrentUserRequest,
  SuccessResponse,
  User,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../messages.ts';
import { requireAccount } from '../../services/access.ts';
import { setPassword, updateProfile } from '../../services/user-updates.ts';
import { currentUser } from '../../services/users.ts';
import { passwordRuleFailure } from './password-rule-failure.ts';

const TAGS = ['Brugere'];

/** What every signed-in user may do with their own record. */
export const ownUserRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Stores the new password and answers with a token of the new version, so the session goes on. */
  const changePassword = async (
    userId: string,
    change: { password: string; name?: string },
  ): Promise<PasswordChangeResponse> => {
    const tokenVersion = await setPassword(app.db, {
      userId,
      password: change.password,
      name: change.name,
      resetPassword: false,
      now: app.clock.now(),
    });
    const { token } = await app.tokens.issue({ userId, tokenVersion });
    return { Success: true, Message: '', Token: token };
  };

  app.get(
    '/loadcurrent',
    {
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
      schema: {
        description: 'Gemmer den indloggede brugers navn og e-mail for en af brugerens konti.',
        tags: TAGS,
        body: SaveCurrentUserRequest,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await requireAccount(app.db, request.user, request.body.accountId.toLowerCase());
      const outcome = await updateProfile(app.db, {
        userId: request.user.id,
        name: request.body.name,
        email: request.body.email,
        now: app.clock.now(),
      });
      return outcome === 'saved'
        ? { Success: true, Message: '' }
        : { Success: false, Message: messages.emailTaken };
    },
  );

  app.post(
    '/changepassword',
    {
      attachValidation: true,
      schema: {
        description: 'Skifter den indloggede brugers adgangskode og giver et nyt token.',
        tags: TAGS,
        body: ChangePasswordRequest,
        response: { 200: PasswordChangeResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.validationError) return passwordRuleFailure(ChangePasswordRequest, request.body);
      return changePassword(request.user.id, { password: request.body.password });
    },
  );

  app.post(
    '/namepasswordsave',
    {
      attachValidation: true,
      schema: {
        description: 'Gemmer den indloggede brugers navn og nye adgangskode og giver et nyt token.',
        tags: TAGS,
        body: NamePasswordSaveRequest,
        response: { 200: PasswordChangeResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.validationError) return passwordRuleFailure(NamePasswordSaveRequest, request.body);
      return changePassword(request.user.id, { password: request.body.password, name: request.body.name });
    },
  );
};
