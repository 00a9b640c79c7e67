import { READING_PERIOD_SETTING, type ReadingPeriod, SuccessResponse } from '@maaler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { acceptedMessage } from '@/lib/http/success-answer';

/**
 * POST /api/account/settingsave with the key the server reads itself: the account's reading period.
 * Every period figure of the account is read again, as the periods change with it.
 */
export function useSaveReadingPeriod(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (period: ReadingPeriod) => {
      acceptedMessage(
        await api.post(
          '/api/account/settingsave',
          { accountid: accountId, key: READING_PERIOD_SETTING, value: period },
          SuccessResponse,
        ),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'period-status', accountId] }),
  });
}
