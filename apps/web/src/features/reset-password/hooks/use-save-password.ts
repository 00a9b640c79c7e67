import { type ChangePasswordRequest, splitGuidList } from '@maaler/contract';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { type AppPath, paths } from '@/config/paths';
import { showAlert } from '@/lib/alerts';
import { sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import { errorMessage } from '@/lib/messages';
import { fetchCurrentUserAccounts } from '@/lib/server-data/account-api';
import { storeAccountsAndSelectFirst } from '@/lib/server-data/account-selection';
import { checkSession } from '@/lib/session/auth-status';
import { tokenExpiry } from '@/lib/session/token-expiry';
import { changePassword } from '../api/change-password';
import { resetPasswordMessages as messages } from '../messages';

/** The server refused the password (`Success: false`); `message` is its text. */
class PasswordRejectedError extends Error {}

async function savePassword(form: ChangePasswordRequest): Promise<void> {
  const response = await changePassword(form);
  if (!response.Success) throw new PasswordRejectedError(response.Message);
  if (response.Token) {
    sessionKeys.token.set(response.Token);
    const expires = tokenExpiry(response.Token);
    if (expires) sessionKeys.expires.set(expires);
  }
  sessionKeys.resetpassword.set(false);
  checkSession();
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
      try {
        await savePassword(form);
      } catch (error) {
        const reason = error instanceof PasswordRejectedError ? error.message : errorMessage(error);
        showAlert('danger', messages.notSaved(reason));
        throw error;
      }
      showAlert('success', messages.saved, { keepAfterRouteChange: true, autohide: true });
      try {
        navigate(await prepareNextScreen());
      } catch (error) {
        showAlert('danger', errorMessage(error));
        throw error;
      }
    },
  });
}
