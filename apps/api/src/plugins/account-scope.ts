import fp from 'fastify-plugin';
import { requireAccount } from '../services/organisation/access.ts';

/** Where a route names the account it works on; the names are the contract's. */
export type AccountSource = 'params.accountId' | 'body.accountid' | 'body.accountId';

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
  const [part, field] = source.split('.') as ['params' | 'body', string];
  const holder = request[part] as Record<string, unknown> | undefined;
  const value = holder?.[field];
  if (typeof value !== 'string')
    throw new Error(`route declares its account in ${source}, which is not a string`);
  return value.toLowerCase();
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
      accounts.set(request, await requireAccount(app.db, request.user, accountIdOf(request, source)));
    });
  },
  { name: 'account-scope', dependencies: ['auth', 'database'] },
);
