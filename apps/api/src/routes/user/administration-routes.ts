import { AccountIdParams, SuccessResponse, User, UserIdParams, UserList } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../messages.ts';
import { customerIdsOf, requireAccount } from '../../services/access.ts';
import { generateTemporaryPassword } from '../../services/temporary-password.ts';
import { removeUserFromCustomers, setPassword } from '../../services/user-updates.ts';
import { usersOfAccount, usersSharingCustomers, userVisibleTo } from '../../services/users.ts';

const TAGS = ['Brugere'];

/**
 * Administrator calls (role 1; the auth guard answers 403 to anyone else). An administrator manages
 * the users who share one of their customers; any other user id answers 404 like an unknown one.
 */
export const userAdministrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = { adminOnly: true };

  app.get(
    '/loadlist/',
    {
      config: adminOnly,
      schema: {
        description: 'Henter brugerne hos administratorens kunder.',
        tags: TAGS,
        response: { 200: UserList },
      },
    },
    async (request) => usersSharingCustomers(app.db, request.user),
  );

  app.get(
    '/load/:id',
    {
      config: adminOnly,
      schema: {
        description: 'Henter én bruger hos administratorens kunder.',
        tags: TAGS,
        params: UserIdParams,
        response: { 200: User },
      },
    },
    async (request) => userVisibleTo(app.db, request.user, request.params.id),
  );

  app.get(
    '/delete/:id',
    {
      config: adminOnly,
      schema: {
        description: 'Fjerner en bruger fra administratorens kunder; man kan ikke slette sig selv.',
        tags: TAGS,
        params: UserIdParams,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      const target = await userVisibleTo(app.db, request.user, request.params.id);
      if (target.guid === request.user.id) return { Success: false, Message: messages.cannotDeleteSelf };
      await removeUserFromCustomers(app.db, {
        userId: target.guid,
        customerIds: await customerIdsOf(app.db, request.user),
        now: app.clock.now(),
      });
      return { Success: true, Message: '' };
    },
  );

  app.get(
    '/resetpassword/:id',
    {
      config: adminOnly,
      schema: {
        description: 'Giver en bruger en midlertidig adgangskode, som vises én gang i Message.',
        tags: TAGS,
        params: UserIdParams,
        response: { 200: SuccessResponse },
      },
    },
    async (request, reply) => {
      const target = await userVisibleTo(app.db, request.user, request.params.id);
      const password = generateTemporaryPassword();
      await setPassword(app.db, { userId: target.guid, password, resetPassword: true, now: app.clock.now() });
      reply.header('cache-control', 'no-store');
      return { Success: true, Message: password };
    },
  );

  app.get(
    '/loadlistbyaccount/:accountId',
    {
      config: adminOnly,
      schema: {
        description: 'Henter brugerne, der har adgang til en af administratorens konti.',
        tags: TAGS,
        params: AccountIdParams,
        response: { 200: UserList },
      },
    },
    async (request) => {
      const account = await requireAccount(app.db, request.user, request.params.accountId.toLowerCase());
      return usersOfAccount(app.db, account.id, request.user);
    },
  );
};
