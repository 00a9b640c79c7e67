import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { showAlert } from '@/lib/alerts';
import { errorMessage } from '@/lib/messages';
import { fetchCustomerAccounts } from '@/lib/server-data/account-api';
import { storeAccountsAndSelectFirst } from '@/lib/server-data/account-selection';

/** Spec §4: loads the chosen customer's accounts, selects the first with its gateways, then home. */
export function useChooseCustomer() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (customerId: string) => {
      await storeAccountsAndSelectFirst(await fetchCustomerAccounts(customerId));
    },
    onSuccess: () => navigate(paths.home),
    onError: (error) => showAlert('danger', errorMessage(error)),
  });
}
