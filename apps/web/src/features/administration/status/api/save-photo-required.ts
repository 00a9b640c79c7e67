import { PHOTO_REQUIRED_SETTING, SuccessResponse } from '@maaler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { acceptedMessage } from '@/lib/http/success-answer';
import { READING_STATUS_KEY } from '@/lib/server-data/reading-status-key';

/**
 * POST /api/account/settingsave of `Foto påkrævet` (issue 36). The route's status, which carries the
 * setting to the reading form, is read again too.
 */
export function useSavePhotoRequired(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (required: boolean) => {
      acceptedMessage(
        await api.post(
          '/api/account/settingsave',
          { accountid: accountId, key: PHOTO_REQUIRED_SETTING, value: String(required) },
          SuccessResponse,
        ),
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'period-status', accountId] }),
        queryClient.invalidateQueries({ queryKey: READING_STATUS_KEY }),
      ]),
  });
}
