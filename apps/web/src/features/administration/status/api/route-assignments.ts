import { type AssignReaderRequest, AssignReaderResponse, RouteAssignments } from '@maaler/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { READING_STATUS_KEY } from '@/lib/server-data/reading-status-key';

const assignmentsKey = (accountId: string, date: string) =>
  ['admin', 'route-assignments', accountId, date] as const;

/** GET /api/admin/routeassignments/{accountId}?date=: who has which part of the route, and how far they are. */
export function useRouteAssignments(accountId: string, date: string) {
  return useQuery({
    queryKey: assignmentsKey(accountId, date),
    queryFn: () =>
      api.get(
        `/api/admin/routeassignments/${encodeURIComponent(accountId)}?date=${encodeURIComponent(date)}`,
        RouteAssignments,
      ),
  });
}

/** POST /api/admin/routeassignments/{accountId}; afterwards the assignments and the route are read again. */
export function useAssignReader(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AssignReaderRequest) =>
      api.post(`/api/admin/routeassignments/${encodeURIComponent(accountId)}`, request, AssignReaderResponse),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'route-assignments', accountId] });
      await queryClient.invalidateQueries({ queryKey: READING_STATUS_KEY });
    },
  });
}
