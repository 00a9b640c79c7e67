import { CreateEstimatesResponse, EstimatesResponse } from '@maaler/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { refreshGatewayTree } from '@/lib/server-data/gateway-tree';

const estimatesKey = (accountId: string, date: string) => ['admin', 'estimates', accountId, date] as const;

/** GET /api/admin/estimates/{accountId}: the proposals for the period holding `date`, while the dialog is open. */
export function useEstimateProposals(accountId: string, date: string) {
  return useQuery({
    queryKey: estimatesKey(accountId, date),
    queryFn: () =>
      api.get(
        `/api/admin/estimates/${encodeURIComponent(accountId)}?date=${encodeURIComponent(date)}`,
        EstimatesResponse,
      ),
    // Readings may arrive at any time: the proposals are read again each time the dialog opens.
    staleTime: 0,
  });
}

/**
 * POST /api/admin/estimates/{accountId}: stores the estimates, all or nothing, with one
 * Idempotency-Key per dialog, so a retry after a lost answer stores nothing twice. Afterwards the
 * period's status and every meter's tree and history are read again.
 */
export function useCreateEstimates(accountId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: { date: string; deviceItemIds: number[] }) => {
      const answer = await api.post(
        `/api/admin/estimates/${encodeURIComponent(accountId)}`,
        request,
        CreateEstimatesResponse,
        { 'Idempotency-Key': idempotencyKey },
      );
      // The reading form keeps the tree for the session: it must show the estimates as the last values.
      await refreshGatewayTree(accountId);
      return answer;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
