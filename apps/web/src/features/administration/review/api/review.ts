import { ApproveResponse, ReviewList, SuccessResponse } from '@maaler/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { acceptedMessage } from '@/lib/http/success-answer';

const reviewKey = (accountId: string) => ['admin', 'review', accountId] as const;

/** GET /api/admin/review/{accountId}: readings the server's plausibility rule warned about, not yet approved. */
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

/**
 * POST /api/admin/review/correct/{accountId}: the administrator's value for a reading to review,
 * stored and audited like any reading and marked `Godkendt`; the list is read again.
 */
export function useCorrectReading(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (correction: { readingId: number; value: string }) =>
      acceptedMessage(
        await api.post(
          `/api/admin/review/correct/${encodeURIComponent(accountId)}`,
          correction,
          SuccessResponse,
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKey(accountId) }),
  });
}
