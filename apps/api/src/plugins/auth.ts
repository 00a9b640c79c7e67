import fp from 'fastify-plugin';
import { selectAuthUser } from '../db/repositories/auth-users.ts';
import type { AuthUser } from '../services/access.ts';
import { isAdmin } from '../services/access.ts';
import { forbidden, unauthorized } from '../services/http-errors.ts';
import type { TokenService } from '../services/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** Set by the auth guard on every non-public /api route. */
    user: AuthUser;
  }
  interface FastifyContextConfig {
    /** Route needs no token (login, health, docs). */
    public?: boolean;
    /** Route is for administrators (role 1) only. */
    adminOnly?: boolean;
  }
}

/**
 * Guards every /api route but those marked public: a valid bearer token whose user still exists, is
 * enabled, has a role and has not changed password since the token was issued.
 */
export const authPlugin = fp<{ tokens: TokenService }>(
  async (app, { tokens }) => {
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null as unknown as AuthUser);

    app.addHook('onRequest', async (request) => {
      if (request.is404 || !request.url.startsWith('/api/') || request.routeOptions.config.public) return;

      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/.exec(header) : null;
      const subject = match?.[1] ? await tokens.verify(match[1]) : null;
      if (!subject) throw unauthorized();

      const { userId } = subject;
      // Cached only while the database is unchanged: a disabled user, a new password or role (also
      // from the CLI in another process) is refused on the very next request.
      const row = await app.readCache.read(`auth-user:${userId}`, () => selectAuthUser(app.db, userId));
      if (!row || row.disabled || row.role === null || row.token_version !== subject.tokenVersion) {
        throw unauthorized();
      }
      request.user = {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        resetPassword: row.reset_password === 1,
      };
      if (request.routeOptions.config.adminOnly && !isAdmin(request.user)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
