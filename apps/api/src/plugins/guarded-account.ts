import { AccountIdParams } from '@maaler/contract';
import type { ReachedAccount } from '../db/repositories/auth-users.ts';

/** Where a route names the account it works on; the names are the contract's. */
export type AccountSource = 'params.accountId' | 'body.accountid' | 'body.accountId';

/** The account id a route names in `source`, lower case; undefined when it is not a string there. */
export function namedAccountId(
  request: { params: unknown; body: unknown },
  source: AccountSource,
): string | undefined {
  const [part, field] = source.split('.') as ['params' | 'body', string];
  const holder = request[part] as Record<string, unknown> | undefined;
  const value = holder?.[field];
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}

/** What the guard found for a request: the account id it looked up and the account, if reached. */
type Checked = { accountId: string; account: ReachedAccount | undefined };
const checkedByGuard = new WeakMap<object, Checked>();

/**
 * The account the auth guard looks up together with the user row (ADR 027): a write's, when its route
 * names it in the path (known before the body is read). Reads keep the cached user row instead.
 */
export function accountForGuard(request: {
  method: string;
  params: unknown;
  routeOptions: { config: { account?: AccountSource } };
}): string | undefined {
  if (request.method === 'GET' || request.routeOptions.config.account !== 'params.accountId')
    return undefined;
  // Only an id the route's validation will accept goes to the database: any other is refused later.
  const params = AccountIdParams.safeParse(request.params);
  return params.success ? params.data.accountId.toLowerCase() : undefined;
}

export function rememberGuardedAccount(request: object, checked: Checked): void {
  checkedByGuard.set(request, checked);
}

/** What the guard found for this account id: the account or null (not reached); undefined if it did not look. */
export function guardedAccount(request: object, accountId: string): ReachedAccount | null | undefined {
  const checked = checkedByGuard.get(request);
  if (!checked || checked.accountId !== accountId) return undefined;
  return checked.account ?? null;
}
