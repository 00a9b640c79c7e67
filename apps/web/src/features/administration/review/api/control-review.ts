import { ApproveResponse, ControlReviewList } from '@maaler/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';

const controlReviewKey = (accountId: string) => ['admin', 'review', 'controls', accountId] as const;

/** GET /api/admin/review/controls/{accountId}: control readings deviating from the remote value, not yet approved. */
export function useControlReviewList(accountId: string) {
  return useQuery({
    queryKey: controlReviewKey(accountId),
    queryFn: () => api.get(`/api/admin/review/controls/${encodeURIComponent(accountId)}`, ControlReviewList),
    enabled: accountId !== '',
  });
}

/** POST /api/admin/review/controls/approve/{accountId}: marks deviating controls reviewed; the list is read again. */
export function useApproveControls(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (controlReadingIds: number[]) =>
      api.post(
        `/api/admin/review/controls/approve/${encodeURIComponent(accountId)}`,
        { controlReadingIds },
        ApproveResponse,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controlReviewKey(accountId) }),
  });
}
