import { type ChangePasswordRequest, splitGuidList } from '@maaler/contract';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { type AppPath, paths } from '@/config/paths';
import { showAlert } from '@/lib/alerts';
import { sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import { errorMessage } from '@/lib/messages';
import { fetchCurrentUserAccounts } from '@/lib/server-data/account-api';
import { storeAccountsAndSelectFirst } from '@/lib/server-data/account-selection';
import { checkSession, resetSession } from '@/lib/session/auth-status';
import { tokenExpiry } from '@/lib/session/token-expiry';
import { changePassword } from '../api/change-password';
import { resetPasswordMessages as messages } from '../messages';
import { signInAgain } from '../sign-in-again';

/** The server refused the password (`Success: false`); `message` is its text. */
class PasswordRejectedError extends Error {}

/**
 * Saves the new password; false when the session did not survive it: the server revoked the old
 * token without handing out a new one (the contract's `{ Success, Message }`) and signing in again
 * with the new password was refused.
 */
async function savePassword(form: ChangePasswordRequest): Promise<boolean> {
  const response = await changePassword(form);
  if (!response.Success) throw new PasswordRejectedError(response.Message);
  // The password is saved whatever happens next: a failed sign-in only ends the session.
  if (!response.Token) return signInAgain(form.password).catch(() => false);
  sessionKeys.token.set(response.Token);
  const expires = tokenExpiry(response.Token);
  if (expires) sessionKeys.expires.set(expires);
  sessionKeys.resetpassword.set(false);
  checkSession();
  return true;
}

/** Spec §4: with exactly one account, load it and go home; otherwise choose a customer. */
async function prepareNextScreen(): Promise<AppPath> {
  if (splitGuidList(sessionKeys.accountlist.get() ?? '').length !== 1) return paths.accountSelect;
  await storeAccountsAndSelectFirst(await fetchCurrentUserAccounts());
  return paths.home;
}

export function useSavePassword() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (form: ChangePasswordRequest) => {
      let signedIn: boolean;
      try {
        signedIn = await savePassword(form);
      } catch (error) {
        const reason = error instanceof PasswordRejectedError ? error.message : errorMessage(error);
        showAlert('danger', messages.notSaved(reason));
        throw error;
      }
      showAlert('success', messages.saved, { keepAfterRouteChange: true, autohide: true });
      // The password is saved but the old token is gone: the route guard sends the user to /login.
      if (!signedIn) return resetSession();
      try {
        navigate(await prepareNextScreen());
      } catch (error) {
        showAlert('danger', errorMessage(error));
        throw error;
      }
    },
  });
}
