import type { GuaranteedLoginResponse } from '@maaler/contract';
import { type AppPath, paths } from '@/config/paths';
import { sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import { fetchCurrentUserAccounts } from '@/lib/server-data/account-api';
import { storeAccountsAndSelectFirst } from '@/lib/server-data/account-selection';
import { resetSession } from '@/lib/session/auth-status';
import { type Credentials, login } from '@/lib/session/login-call';
import { storeSessionProfile } from '@/lib/session/session-profile';
import { loadOfflineSignIn } from './load-offline-sign-in';
import { LoginRejectedError } from './login-rejected-error';
import { rememberEmail } from './remembered-email';
import { routeAfterLogin } from './route-after-login';

/**
 * The login's answer, or the path of an offline sign-in when the server cannot be reached (fetch's
 * TypeError, or the browser knows it is offline) and the device holds an entry for the e-mail.
 */
async function loginOrOffline(credentials: Credentials): Promise<GuaranteedLoginResponse | AppPath> {
  if (!navigator.onLine) {
    const path = await (await loadOfflineSignIn()).signInOffline(credentials);
    if (path) return path;
  }
  try {
    return await login(credentials);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const path = await (await loadOfflineSignIn()).signInOffline(credentials);
    if (path) return path;
    throw error;
  }
}

/** After the online sign-in's screen data is loaded: keeps or forgets the offline sign-in (ADR 034). */
function rememberForOffline(credentials: Credentials, response: GuaranteedLoginResponse): void {
  const claims = response.Claims;
  if (!claims) return;
  const accounts = sessionKeys.accountinfolist.get();
  void loadOfflineSignIn()
    .then(({ rememberForOffline: remember }) => remember(credentials, claims, accounts))
    .catch((error: unknown) => console.warn('No offline sign-in is kept on this device', error));
}

/**
 * Signs in and loads what the next screen needs (spec §4); returns where to go. Rejects with
 * LoginRejectedError when the server (or, offline, the device's verifier) refuses the credentials.
 */
export async function signIn(credentials: Credentials): Promise<AppPath> {
  const response = await loginOrOffline(credentials);
  if (typeof response === 'string') return response;
  const path = await signInOnline(credentials, response);
  rememberForOffline(credentials, response);
  return path;
}

async function signInOnline(credentials: Credentials, response: GuaranteedLoginResponse): Promise<AppPath> {
  if (!response.Success || !response.Token || !response.Claims)
    throw new LoginRejectedError(response.Message);

  rememberEmail(credentials.rememberme, credentials.email);
  const claims = response.Claims;
  storeSessionProfile({ token: response.Token, claims, resetPassword: response.ResetPassword });

  const next = routeAfterLogin({
    resetPassword: response.ResetPassword,
    role: claims.role,
    customerList: claims.customerList,
  });
  if (next === 'reset-password') return paths.resetPassword;
  if (next === 'select-customer') return paths.accountSelect;
  try {
    await storeAccountsAndSelectFirst(await fetchCurrentUserAccounts());
  } catch (error) {
    // Without its account the home screen cannot work: sign out again and show why.
    resetSession();
    throw error;
  }
  return paths.home;
}
