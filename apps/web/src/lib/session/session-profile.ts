import type { GuaranteedClaims } from '@maaler/contract';
import { clearSessionStorage, plainSessionKeys } from '../browser-storage/plain-keys';
import { checkSession } from './auth-status';

/**
 * Stores the session profile of a successful login (spec §3) and broadcasts the new status. Whatever
 * an earlier session left behind is cleared first, except the build hash the version check keeps.
 */
export function storeSessionProfile(
  login: { token: string; claims: GuaranteedClaims; resetPassword: boolean },
  nowMs: number = Date.now(),
): void {
  const versionChecked = plainSessionKeys.versionChecked.get();
  clearSessionStorage();
  if (versionChecked !== null) plainSessionKeys.versionChecked.set(versionChecked);

  const { claims } = login;
  plainSessionKeys.token.set(login.token);
  plainSessionKeys.expires.set(claims.expires);
  plainSessionKeys.guid.set(claims.nameIdentifier);
  plainSessionKeys.name.set(claims.name);
  plainSessionKeys.role.set(claims.role);
  plainSessionKeys.accountlist.set(claims.accountList);
  plainSessionKeys.customerlist.set(claims.customerList);
  plainSessionKeys.email.set(claims.email);
  plainSessionKeys.measuregrouplist.set('');
  plainSessionKeys.accountid.set('');
  plainSessionKeys.resetpassword.set(login.resetPassword);
  plainSessionKeys.lastaction.set(nowMs);
  checkSession(nowMs);
}
