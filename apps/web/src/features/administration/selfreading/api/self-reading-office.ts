import { SelfReadingOverview, SentInvitations } from '@maaler/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFile } from '@/lib/http/api-client';
import { offerDownload } from '@/lib/offer-download';
import { periodQuery } from '../../api/period-status';

const overviewKey = (accountId: string) => ['admin', 'self-reading', accountId];
const account = (accountId: string) => encodeURIComponent(accountId);

/** GET /api/admin/selfreading/{accountId}: the period's counts and the meters skipped `Ingen adgang`. */
export function useSelfReadingOverview(accountId: string, date: string | null) {
  return useQuery({
    queryKey: [...overviewKey(accountId), date],
    queryFn: () =>
      api.get(`/api/admin/selfreading/${account(accountId)}${periodQuery(date)}`, SelfReadingOverview),
    enabled: accountId !== '',
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/selfreading/invitations/{accountId}; the counts reload after it. */
export function useSendInvitations(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`/api/admin/selfreading/invitations/${account(accountId)}`, undefined, SentInvitations),
    onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKey(accountId) }),
  });
}

/**
 * `Udskriv breve` (all missing meters without e-mail) or `Udskriv kort` (one meter): a POST, since each
 * letter issues a link, offered as a PDF download.
 */
export function usePrintLetters(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: number | null) => {
      const path =
        deviceId === null
          ? `/api/admin/selfreading/letters/${account(accountId)}`
          : `/api/admin/selfreading/card/${deviceId}/${account(accountId)}`;
      const file = await apiFile(path, 'selvaflaesning.pdf', { method: 'POST' });
      offerDownload(file.fileName, file.blob);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKey(accountId) }),
  });
}
