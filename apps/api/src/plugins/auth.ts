import fp from 'fastify-plugin';
import { type AuthUserRow, selectAuthUser, selectAuthUserAndAccount } from '../db/repositories/auth-users.ts';
import { type AuthUser, isAdmin, toAuthUser } from '../domain/auth-user.ts';
import { ForbiddenError, NotSignedInError } from '../domain/errors.ts';
import { isApiRoute } from '../http/api-route.ts';
import { messages } from '../messages.ts';
import type { TokenService, TokenSubject } from '../services/auth/tokens.ts';
import { apiKeyUser, presentedApiKey } from './api-key-guard.ts';
import { accountForGuard, rememberGuardedAccount } from './guarded-account.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** The signed-in user; reading it on a request the guard did not pass answers 401. */
    readonly user: AuthUser;
    /** The token the request was signed in with (none for an API key's request: reading it answers 401). */
    readonly session: TokenSubject;
    /** The signed-in user's id, or null before or without a sign-in (for events about the request). */
    readonly signedInUserId: string | null;
  }
  interface FastifyContextConfig {
    /** Route needs no token (login, health, docs). */
    public?: boolean;
    /** Route is for administrators (role 1) only. */
    adminOnly?: boolean;
    /** Route is for these roles only (others get 403). */
    roles?: readonly number[];
    /** Route stays open while the user must change their password (the reset flag). */
    openDuringPasswordReset?: boolean;
  }
}

type SignedIn = { user: AuthUser; session: TokenSubject | null };

/**
 * Guards every /api route but those marked public: a valid, unrevoked bearer token whose user still
 * exists, is enabled, has a role and has not changed password since the token was issued.
 */
export const authPlugin = fp<{ tokens: TokenService }>(
  async (app, { tokens }) => {
    const signedIn = new WeakMap<object, SignedIn>();
    const signedInOf = (request: object): SignedIn => {
      const entry = signedIn.get(request);
      // A handler that reads the user of a request the guard let through unchecked is a bug; it
      // must never run as "nobody".
      if (!entry) throw new NotSignedInError();
      return entry;
    };

    app.decorate('tokens', tokens);
    app.decorateRequest('user', {
      getter(this: object) {
        return signedInOf(this).user;
      },
    });
    app.decorateRequest('session', {
      getter(this: object) {
        const { session } = signedInOf(this);
        if (!session) throw new NotSignedInError();
        return session;
      },
    });
    app.decorateRequest('signedInUserId', {
      getter(this: object) {
        return signedIn.get(this)?.user.id ?? null;
      },
    });

    app.addHook('onRequest', async (request, reply) => {
      const { url: routeUrl, config } = request.routeOptions;
      if (!isApiRoute(routeUrl) || config.public) return;

      const apiKey = presentedApiKey(request);
      if (apiKey !== undefined) {
        const user = await apiKeyUser(app, request, apiKey);
        signedIn.set(request, { user, session: null });
        reply.log = request.log;
        return;
      }

      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/.exec(header) : null;
      const session = match?.[1] ? await tokens.verify(match[1]) : null;
      if (!session) throw new NotSignedInError();

      // Cached only while the database is unchanged: a disabled user, a new password or role, a
      // revoked token (also from the CLI or another process) is refused on the very next request.
      // Writes read it from the database: a write load changes the database all the time, and on
      // PostgreSQL looking at the version is a round trip of its own.
      const load = () => selectAuthUser(app.db, session);
      const accountId = accountForGuard(request);
      let row: AuthUserRow | undefined;
      if (request.method === 'GET') {
        row = await app.readCache.read(`auth-user:${session.userId}:${session.tokenId}`, load, request);
      } else if (accountId === undefined) {
        row = await load();
      } else {
        const found = await selectAuthUserAndAccount(app.db, session, accountId);
        rememberGuardedAccount(request, { accountId, account: found?.account });
        row = found;
      }
      if (
        !row ||
        row.revoked ||
        row.disabled ||
        row.role === null ||
        row.token_version !== session.tokenVersion
      ) {
        throw new NotSignedInError();
      }
      const user = toAuthUser({ ...row, role: row.role });
      signedIn.set(request, { user, session });
      // Every later line of this request, the closing request line included, names the user.
      request.log = request.log.child({ userId: user.id });
      reply.log = request.log;

      if (user.resetPassword && !config.openDuringPasswordReset)
        throw new ForbiddenError(messages.passwordResetRequired);
      if (config.adminOnly && !isAdmin(user)) throw new ForbiddenError();
      if (config.roles && !config.roles.includes(user.role)) throw new ForbiddenError();
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
