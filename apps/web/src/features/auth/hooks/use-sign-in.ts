import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type AppPath, paths } from '@/config/paths';
import { fetchCurrentUserAccounts } from '@/lib/account-api';
import { storeAccountsAndSelectFirst } from '@/lib/account-selection';
import { resetSession } from '@/lib/auth-status';
import { type Credentials, login } from '../api/login';
import { rememberEmail } from '../remembered-email';
import { routeAfterLogin } from '../route-after-login';
import { storeSessionProfile } from '../session-profile';

/** The server answered `Success: false`; `message` is its Danish text. */
export class LoginRejectedError extends Error {
  override readonly name = 'LoginRejectedError';
}

async function signIn(credentials: Credentials): Promise<AppPath> {
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

/** Signs in, loads what the next screen needs and navigates there (spec §4). */
export function useSignIn() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (path) => navigate(path),
  });
}
