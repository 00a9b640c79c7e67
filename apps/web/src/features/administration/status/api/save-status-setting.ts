import { SuccessResponse } from '@maaler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { acceptedMessage } from '@/lib/http/success-answer';

/** A setting the server reads itself and the period status shows: the reading period, estimates in a row. */
export type StatusSetting = { key: string; value: string };

/**
 * POST /api/account/settingsave with one of the keys the server reads itself. Every period figure of
 * the account is read again, as the periods and their marks change with them.
 */
export function useSaveStatusSetting(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, value }: StatusSetting) => {
      acceptedMessage(
        await api.post('/api/account/settingsave', { accountid: accountId, key, value }, SuccessResponse),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'period-status', accountId] }),
  });
}
