import type { Claims } from '@maaler/contract';
import { checkSession } from '@/lib/auth-status';
import { clearSessionStorage, sessionKeys } from '@/lib/session-storage';

/**
 * Stores the session profile of a successful login (spec §3) and broadcasts the new status. Whatever
 * an earlier session left behind is cleared first, except the build hash the version check keeps.
 */
export function storeSessionProfile(
  login: { token: string; claims: Claims; resetPassword: boolean },
  nowMs: number = Date.now(),
): void {
  const versionChecked = sessionKeys.versionChecked.get();
  clearSessionStorage();
  if (versionChecked !== null) sessionKeys.versionChecked.set(versionChecked);

  const { claims } = login;
  sessionKeys.token.set(login.token);
  sessionKeys.expires.set(claims.expires);
  sessionKeys.guid.set(claims.nameIdentifier);
  sessionKeys.name.set(claims.name);
  sessionKeys.role.set(claims.role);
  sessionKeys.accountlist.set(claims.accountList);
  sessionKeys.customerlist.set(claims.customerList);
  sessionKeys.email.set(claims.email);
  sessionKeys.measuregrouplist.set('');
  sessionKeys.accountid.set('');
  sessionKeys.resetpassword.set(login.resetPassword);
  sessionKeys.lastaction.set(nowMs);
  checkSession(nowMs);
}
