import { CONTROL_TOLERANCE_SETTING, SuccessResponse } from '@maaler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { acceptedMessage } from '@/lib/http/success-answer';

/**
 * The account setting `controlTolerancePercent` (issue 38): POST /api/account/settingsave with a
 * value, POST /api/account/settingdelete with null, so the default applies again.
 */
export function useSaveControlTolerance(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (percent: string | null) => {
      const key = CONTROL_TOLERANCE_SETTING;
      acceptedMessage(
        percent === null
          ? await api.post('/api/account/settingdelete', { accountid: accountId, key }, SuccessResponse)
          : await api.post(
              '/api/account/settingsave',
              { accountid: accountId, key, value: percent },
              SuccessResponse,
            ),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'period-status', accountId] }),
  });
}
