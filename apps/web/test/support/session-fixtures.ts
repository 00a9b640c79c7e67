import type { GuaranteedGatewayTree } from '@maaler/contract';
import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';
import { sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import { checkSession } from '@/lib/session/auth-status';

/** A session of a user with `role`, as sign-in leaves it in session storage. */
export function signedInAs(role: number): void {
  plainSessionKeys.token.set('token-of-the-test');
  plainSessionKeys.expires.set(new Date(Date.now() + 3_600_000).toISOString());
  plainSessionKeys.lastaction.set(Date.now());
  plainSessionKeys.role.set(role);
  checkSession();
}

type ChosenAccount = Parameters<typeof sessionKeys.accountselected.set>[0];

/** The one account of the user chosen, with its gateway tree, as the account select leaves them. */
export function accountChosen(account: ChosenAccount, tree: GuaranteedGatewayTree): void {
  sessionKeys.accountinfolist.set([account]);
  sessionKeys.accountselected.set(account);
  sessionKeys.gatewaylist.set({ accountId: account.guid, gateways: tree });
}

/** Session storage emptied; the signed-out status goes out again (no token: nothing is sent to the server's logout). */
export function sessionCleared(): void {
  sessionStorage.clear();
  checkSession();
}
