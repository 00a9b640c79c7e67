import fp from 'fastify-plugin';
import { NotFoundError } from '../domain/errors.ts';
import { requireAccount } from '../services/organisation/access.ts';
import { type AccountSource, guardedAccount, namedAccountId } from './guarded-account.ts';

export type { AccountSource } from './guarded-account.ts';

export type ScopedAccount = Awaited<ReturnType<typeof requireAccount>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route works on one account, named here: the account check runs before the handler. */
    account?: AccountSource;
  }
  interface FastifyRequest {
    /** The route's account as the signed-in user reaches it (set on routes with `config.account`). */
    readonly account: ScopedAccount;
  }
}

function accountIdOf(request: { params: unknown; body: unknown }, source: AccountSource): string {
  const accountId = namedAccountId(request, source);
  if (accountId === undefined)
    throw new Error(`route declares its account in ${source}, which is not a string`);
  return accountId;
}

/**
 * Account scoping said once: a route with `config: { account: ... }` gets `request.account` after
 * validation, or answers 404 exactly as for an unknown id when the user does not reach the account.
 */
export const accountScopePlugin = fp(
  async (app) => {
    const accounts = new WeakMap<object, ScopedAccount>();
    app.decorateRequest('account', {
      getter(this: object) {
        const account = accounts.get(this);
        if (!account) throw new Error('request.account read on a route without config.account');
        return account;
      },
    });
    app.addHook('preHandler', async (request) => {
      const source = request.routeOptions.config.account;
      if (!source) return;
      const accountId = accountIdOf(request, source);
      // A write's guard may have looked the account up with the user row (one round trip, ADR 027).
      const guarded = guardedAccount(request, accountId);
      if (guarded === null) throw new NotFoundError();
      accounts.set(request, guarded ?? (await requireAccount(app.db, request.user, accountId)));
    });
  },
  { name: 'account-scope', dependencies: ['auth', 'database'] },
);
