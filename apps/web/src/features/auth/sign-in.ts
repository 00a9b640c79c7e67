import { type AppPath, paths } from '@/config/paths';
import { fetchCurrentUserAccounts } from '@/lib/server-data/account-api';
import { storeAccountsAndSelectFirst } from '@/lib/server-data/account-selection';
import { resetSession } from '@/lib/session/auth-status';
import { type Credentials, login } from '@/lib/session/login-call';
import { storeSessionProfile } from '@/lib/session/session-profile';
import { LoginRejectedError } from './login-rejected-error';
import { rememberEmail } from './remembered-email';
import { routeAfterLogin } from './route-after-login';

/**
 * Signs in and loads what the next screen needs (spec §4); returns where to go. Rejects with
 * LoginRejectedError when the server refuses the credentials.
 */
export async function signIn(credentials: Credentials): Promise<AppPath> {
  const response = await login(credentials);
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
