import { ApproveResponse, ReviewList } from '@maaler/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';

const reviewKey = (accountId: string) => ['admin', 'review', accountId] as const;

/** GET /api/admin/review/{accountId}: readings sent with 'Send alligevel' and not yet approved. */
export function useReviewList(accountId: string) {
  return useQuery({
    queryKey: reviewKey(accountId),
    queryFn: () => api.get(`/api/admin/review/${encodeURIComponent(accountId)}`, ReviewList),
    enabled: accountId !== '',
  });
}

/** POST /api/admin/review/approve/{accountId}: marks readings `Godkendt`; the list is read again. */
export function useApproveReadings(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (readingIds: number[]) =>
      api.post(`/api/admin/review/approve/${encodeURIComponent(accountId)}`, { readingIds }, ApproveResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKey(accountId) }),
  });
}
