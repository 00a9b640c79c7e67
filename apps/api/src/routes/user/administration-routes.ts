import {
  AccountIdParams,
  ErrorResponse,
  SuccessResponse,
  User,
  UserIdParams,
  UserList,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../messages.ts';
import { unlockEmail } from '../../services/auth/login-throttle.ts';
import type { SecurityEvent } from '../../services/auth/security-events.ts';
import { generateTemporaryPassword } from '../../services/auth/temporary-password.ts';
import { customerIdsOfUser } from '../../services/organisation/access.ts';
import type { RemovalOutcome } from '../../services/users/user-updates.ts';
import { removeUserFromCustomers, setPassword } from '../../services/users/user-updates.ts';
import {
  userManageableBy,
  usersOfAccount,
  usersSharingCustomers,
  userVisibleTo,
} from '../../services/users/users.ts';
import { adminOnly } from '../admin-only.ts';

const TAGS = ['Brugere'];

const REMOVAL_EVENTS: Record<RemovalOutcome, SecurityEvent> = {
  detached: 'user.detached',
  deleted: 'user.deleted',
  disabled: 'user.disabled',
};

/**
 * Administrator calls (role 1; the auth guard answers 403 to anyone else). An administrator manages
 * the users who share one of their customers; any other user id answers 404 like an unknown one.
 */
export const userAdministrationRoutes: FastifyPluginAsyncZod = async (app) => {
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
        description:
          'Fjerner en bruger fra administratorens kunder; man kan ikke slette sig selv eller en bruger (også en anden administrator), der også hører til kunder, man ikke administrerer (403).',
        tags: TAGS,
        params: UserIdParams,
        response: { 200: SuccessResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const visible = await userVisibleTo(app.db, request.user, request.params.id);
      if (visible.guid === request.user.id) return { Success: false, Message: messages.cannotDeleteSelf };
      const target = await userManageableBy(app.db, request.user, visible.guid);
      const outcome = await removeUserFromCustomers(app.db, {
        userId: target.guid,
        customerIds: await customerIdsOfUser(app.db, request.user),
        now: app.clock.now(),
      });
      await request.securityEvent(REMOVAL_EVENTS[outcome], { targetUserId: target.guid });
      return { Success: true, Message: '' };
    },
  );

  app.get(
    '/resetpassword/:id',
    {
      config: adminOnly,
      schema: {
        description:
          'Giver en bruger en midlertidig adgangskode, som vises én gang i Message, og ophæver låsning efter mislykkede logins. Ikke for brugere (også andre administratorer), der også hører til kunder, administratoren ikke administrerer (403).',
        tags: TAGS,
        params: UserIdParams,
        response: { 200: SuccessResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const target = await userManageableBy(app.db, request.user, request.params.id);
      const password = generateTemporaryPassword();
      await setPassword(app.db, { userId: target.guid, password, resetPassword: true, now: app.clock.now() });
      // The user will sign in with the new password: a lockout that someone else caused must not stop them.
      await unlockEmail(app.db, target.email);
      await request.securityEvent('password.reset-by-admin', { targetUserId: target.guid });
      return { Success: true, Message: password };
    },
  );

  app.get(
    '/loadlistbyaccount/:accountId',
    {
      config: { ...adminOnly, account: 'params.accountId' },
      schema: {
        description: 'Henter brugerne, der har adgang til en af administratorens konti.',
        tags: TAGS,
        params: AccountIdParams,
        response: { 200: UserList },
      },
    },
    async (request) => usersOfAccount(app.db, request.account, request.user),
  );
};
