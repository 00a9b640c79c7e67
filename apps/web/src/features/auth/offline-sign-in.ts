import {
  DeviceCredentialResponse,
  type ExchangeDeviceCredentialRequest,
  GuaranteedAccountList,
  type GuaranteedClaims,
  GuaranteedLoginResponse,
  MESSAGES,
} from '@maaler/contract';
import { API_BASE } from '@/config/env';
import { type AppPath, paths } from '@/config/paths';
import {
  forgetOfflineSignInEntry,
  keepOfflineSignInEntry,
  readOfflineSignInEntry,
} from '@/lib/device/offline-sign-in-store';
import { ApiError, api, apiRequest } from '@/lib/http/api-client';
import { usableEntry } from '@/lib/offline-sign-in/offline-sign-in-entry';
import { decryptCredential, lockCredential, unlockKey } from '@/lib/offline-sign-in/password-lock';
import { storeAccountsAndSelectFirst } from '@/lib/server-data/account-selection';
import { isOfflineSession, resetSession } from '@/lib/session/auth-status';
import type { Credentials } from '@/lib/session/login-call';
import { adoptExchangedLogin, storeOfflineSessionProfile } from '@/lib/session/session-profile';
import { parseOrNull } from '@/lib/zod';
import { LoginRejectedError } from './login-rejected-error';
import { routeAfterLogin } from './route-after-login';

// The device half of the offline sign-in (ADR 034), loaded only when a sign-in or an offline
// session needs it.

/**
 * The key that decrypts the device credential, derived at the offline sign-in. Kept in memory for
 * this page only and not extractable: it is never written anywhere.
 */
let credentialKey: CryptoKey | null = null;
let exchanging = false;

/**
 * After an online sign-in: with `Husk mig`, asks the server for a device credential and keeps it
 * encrypted beside the password's verifier; without, deletes what an earlier one kept. A server
 * that does not issue credentials (or any failure) leaves no entry.
 */
export async function rememberForOffline(
  credentials: Credentials,
  claims: GuaranteedClaims,
  accounts: GuaranteedAccountList | null,
): Promise<void> {
  try {
    await forgetOfflineSignInEntry();
    if (!credentials.rememberme) return;
    const issued = await api.post('/api/authenticate/devicecredential', {}, DeviceCredentialResponse);
    const lock = await lockCredential(credentials.password, issued.Credential);
    await keepOfflineSignInEntry({
      email: credentials.email.trim(),
      claims,
      accounts,
      lock,
      expires: issued.Expires,
    });
  } catch (error) {
    console.warn('No offline sign-in is kept on this device', error);
  }
}

/**
 * Without a connection: signs in with the entry of this e-mail when the password matches its
 * verifier, and answers where to go; null when the device has no usable entry for the e-mail. A
 * wrong password is refused with the login's own text.
 */
export async function signInOffline(credentials: Credentials): Promise<AppPath | null> {
  const entry = usableEntry(await readOfflineSignInEntry().catch(() => undefined), credentials.email);
  if (!entry) return null;
  const key = await unlockKey(entry.lock, credentials.password);
  if (!key) throw new LoginRejectedError(MESSAGES.loginFailed);
  credentialKey = key;
  storeOfflineSessionProfile(entry.claims, entry.expires);
  const next = routeAfterLogin({
    resetPassword: false,
    role: entry.claims.role,
    customerList: entry.claims.customerList,
  });
  if (next === 'select-customer') return paths.accountSelect;
  // Checked before it becomes a session copy, which is then read unchecked (ADR 055): the entry may
  // come from another build.
  const accounts = parseOrNull(GuaranteedAccountList, entry.accounts);
  if (accounts) {
    // The account's copies answer; after a sign-out there are none, and the form stays empty.
    await storeAccountsAndSelectFirst(accounts).catch((error: unknown) =>
      console.warn('The account has no copy on this device', error),
    );
  }
  return paths.home;
}

function exchange(credential: string): Promise<GuaranteedLoginResponse> {
  const body: ExchangeDeviceCredentialRequest = { credential };
  return apiRequest('/api/authenticate/exchangedevicecredential', GuaranteedLoginResponse, {
    method: 'POST',
    body,
    withoutSession: true,
  });
}

const UNAUTHORIZED = 401;

/** Whether the server answers at all (the health check needs no session). */
async function serverReachable(): Promise<boolean> {
  try {
    await fetch(`${API_BASE}/api/health/live`, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first moment with a connection: exchanges the device credential for a token of the same
 * session, which then continues as after an online sign-in (the waiting list is sent by its own
 * sync). A 401 means the server ended the credential: the entry goes and the session ends (→ /login).
 * No answer or a 429 leaves all as it is for the next try.
 */
export async function exchangeDeviceCredential(): Promise<void> {
  if (exchanging || !isOfflineSession()) return;
  exchanging = true;
  try {
    const entry = await readOfflineSignInEntry();
    if (!credentialKey || !entry) {
      // The page was reloaded (the key is gone) or the entry was deleted: once the server answers,
      // the user signs in online.
      if (await serverReachable()) resetSession();
      return;
    }
    const response = await exchange(await decryptCredential(entry.lock, credentialKey));
    if (!response.Success || !response.Token || !response.Claims) throw new ApiError(UNAUTHORIZED, response);
    adoptExchangedLogin({
      token: response.Token,
      claims: response.Claims,
      resetPassword: response.ResetPassword,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === UNAUTHORIZED) {
      credentialKey = null;
      await forgetOfflineSignInEntry().catch(() => undefined);
      resetSession();
    }
  } finally {
    exchanging = false;
  }
}

/** Sign-out and every other session end take the entry off the device (ADR 034). */
export function forgetOfflineSignIn(): Promise<void> {
  credentialKey = null;
  return forgetOfflineSignInEntry();
}
