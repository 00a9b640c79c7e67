import {
  ADMIN_ROLE,
  ADMIN_USERS_PAGE_SIZE,
  AdminUser,
  AdminUserPage,
  AdminUsersQuery,
  CreatedUser,
  CreateUserRequest,
  EditUserRequest,
  ErrorResponse,
  UserIdParams,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteUser } from '../../services/auth/password-links.ts';
import {
  adminUserPage,
  createUserByAdmin,
  editUserByAdmin,
  setUserDisabled,
  unlockUserByAdmin,
} from '../../services/users/user-administration.ts';
import { adminOnly } from '../admin-only.ts';

const tags = ['Brugere'];
const RULES =
  'Kun for brugere hos administratorens kunder (ellers 404), andre administratorer med, når alle deres kunder er administratorens; ikke for brugere, der også hører til andre kunder, eller administratoren selv (403).';

/**
 * User administration in the app (issue 18, ADR 016): role 1 on the users of their own customers.
 * The spec's /api/user/ calls (list, load, delete, reset password) stay as they are.
 */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: adminOnly,
      schema: {
        description: `Brugerne hos administratorens kunder, ${ADMIN_USERS_PAGE_SIZE} pr. side, sorteret efter navn, med deaktiveret (disabled) og låst efter mislykkede logins (locked). q søger i navn og e-mail uden hensyn til store og små bogstaver; page er siden fra 1.`,
        tags,
        querystring: AdminUsersQuery,
        response: { 200: AdminUserPage },
      },
    },
    async (request) =>
      adminUserPage(
        app.db,
        request.user,
        { search: request.query.q ?? '', page: request.query.page ?? 1 },
        app.clock.now(),
      ),
  );

  app.post(
    '/users',
    {
      config: adminOnly,
      schema: {
        description:
          'Opretter en bruger med navn, e-mail, rolle og konti (alle hos administratorens kunder, ellers 404; en måleraflæser hos én kunde). Brugeren får en invitation på e-mail med et link til at vælge adgangskode (7 dage, én gang). Uden e-mailudsendelse (SMTP_URL) har svaret desuden en midlertidig adgangskode, som kun vises denne ene gang; brugeren skal vælge en ny ved første login. En e-mail, der allerede er i brug, giver 409.',
        tags,
        body: CreateUserRequest,
        response: { 200: CreatedUser, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const created = await createUserByAdmin(app.db, request.user, request.body, app.clock.now());
      await request.securityEvent('user.created', {
        targetUserId: created.user.guid,
        role: created.user.role,
      });
      if (created.user.role === ADMIN_ROLE) {
        await request.securityEvent('user.promoted', { targetUserId: created.user.guid, created: true });
      }
      await inviteUser(
        { db: app.db, clock: app.clock, publicUrl: app.config.publicUrl },
        { id: created.user.guid, email: created.user.email, name: created.user.name },
      );
      await request.securityEvent('invitation.sent', { targetUserId: created.user.guid });
      // With e-mail delivery the link replaces the shown password; without it the invitation waits
      // in `Udsendte e-mails` and the administrator hands the password over as before.
      const delivers = app.config.mail.smtpUrl !== undefined;
      return { ...created, temporaryPassword: delivers ? null : created.temporaryPassword, invited: true };
    },
  );

  app.post(
    '/users/:id',
    {
      config: adminOnly,
      schema: {
        description: `Ændrer en brugers navn, rolle og konti (alle hos administratorens kunder, ellers 404); brugeren hører derefter til de valgte kontis kunder. ${RULES}`,
        tags,
        params: UserIdParams,
        body: EditUserRequest,
        response: { 200: AdminUser, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { user } = await editUserByAdmin(
        app.db,
        request.user,
        request.params.id,
        request.body,
        app.clock.now(),
        async (trx, edit) => {
          await request.securityEvent('user.updated', { targetUserId: edit.userId, role: edit.role }, trx);
          if (edit.promoted) await request.securityEvent('user.promoted', { targetUserId: edit.userId }, trx);
        },
      );
      return user;
    },
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/users/:id/${action}`,
      {
        config: adminOnly,
        schema: {
          description: disabled
            ? `Deaktiverer en bruger: brugeren kan ikke logge ind, og alle brugerens sessioner slutter. ${RULES}`
            : `Aktiverer en deaktiveret bruger igen. ${RULES}`,
          tags,
          params: UserIdParams,
          response: { 200: AdminUser, 403: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (request) => {
        const user = await setUserDisabled(
          app.db,
          request.user,
          request.params.id,
          disabled,
          app.clock.now(),
        );
        await request.securityEvent(disabled ? 'user.disabled' : 'user.enabled', {
          targetUserId: user.guid,
        });
        return user;
      },
    );
  }

  app.post(
    '/users/:id/unlock',
    {
      config: adminOnly,
      schema: {
        description: `Ophæver låsning efter mislykkede logins for brugerens e-mail fra alle adresser; også for administratoren selv. ${RULES}`,
        tags,
        params: UserIdParams,
        response: { 200: AdminUser, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const user = await unlockUserByAdmin(app.db, request.user, request.params.id, app.clock.now());
      await request.securityEvent('user.unlocked', { targetUserId: user.guid });
      return user;
    },
  );
};
