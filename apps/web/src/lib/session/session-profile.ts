import type { GuaranteedClaims } from '@maaler/contract';
import { clearSessionStorage, plainSessionKeys } from '../browser-storage/plain-keys';
import { checkSession } from './auth-status';

type LoginProfile = { token: string; claims: GuaranteedClaims; resetPassword: boolean };

function writeClaims(claims: GuaranteedClaims): void {
  plainSessionKeys.guid.set(claims.nameIdentifier);
  plainSessionKeys.name.set(claims.name);
  plainSessionKeys.role.set(claims.role);
  plainSessionKeys.accountlist.set(claims.accountList);
  plainSessionKeys.customerlist.set(claims.customerList);
  plainSessionKeys.email.set(claims.email);
}

/** Whatever an earlier session left behind goes, except the build hash the version check keeps. */
function clearEarlierSession(): void {
  const versionChecked = plainSessionKeys.versionChecked.get();
  clearSessionStorage();
  if (versionChecked !== null) plainSessionKeys.versionChecked.set(versionChecked);
}

/**
 * Stores the session profile of a successful login (spec §3) and broadcasts the new status. Whatever
 * an earlier session left behind is cleared first, except the build hash the version check keeps.
 */
export function storeSessionProfile(login: LoginProfile, nowMs: number = Date.now()): void {
  clearEarlierSession();
  plainSessionKeys.token.set(login.token);
  plainSessionKeys.expires.set(login.claims.expires);
  writeClaims(login.claims);
  plainSessionKeys.measuregrouplist.set('');
  plainSessionKeys.accountid.set('');
  plainSessionKeys.resetpassword.set(login.resetPassword);
  plainSessionKeys.lastaction.set(nowMs);
  checkSession(nowMs);
}

/**
 * Opens the session of an offline sign-in (ADR 034): the profile of the last online sign-in, no
 * token, valid until the device credential's end.
 */
export function storeOfflineSessionProfile(
  claims: GuaranteedClaims,
  expires: string,
  nowMs: number = Date.now(),
): void {
  clearEarlierSession();
  plainSessionKeys.offline.set(true);
  plainSessionKeys.expires.set(expires);
  writeClaims(claims);
  plainSessionKeys.measuregrouplist.set('');
  plainSessionKeys.accountid.set('');
  plainSessionKeys.resetpassword.set(false);
  plainSessionKeys.lastaction.set(nowMs);
  checkSession(nowMs);
}

/**
 * An offline session gets the token of its exchanged device credential, as a login stores it; the
 * screen's state (the selected account, the form's draft) stays.
 */
export function adoptExchangedLogin(login: LoginProfile, nowMs: number = Date.now()): void {
  plainSessionKeys.token.set(login.token);
  plainSessionKeys.expires.set(login.claims.expires);
  writeClaims(login.claims);
  plainSessionKeys.resetpassword.set(login.resetPassword);
  plainSessionKeys.offline.remove();
  checkSession(nowMs);
}
