import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';
import { login } from '@/lib/session/login-call';
import { storeSessionProfile } from '@/lib/session/session-profile';

/**
 * After a password change answered without a token (a contract-only server, which revokes the old
 * one): signs in with the session's e-mail and the new password and stores the new session profile.
 * False when that sign-in is refused; a failed call rejects.
 */
export async function signInAgain(password: string): Promise<boolean> {
  const email = plainSessionKeys.email.get();
  if (!email) return false;
  const response = await login({ email, password, rememberme: false });
  if (!response.Success || !response.Token || !response.Claims) return false;
  storeSessionProfile({
    token: response.Token,
    claims: response.Claims,
    resetPassword: response.ResetPassword,
  });
  return true;
}
