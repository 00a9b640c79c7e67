import { GuaranteedGatewayTree, MeterAdminPage, MeterAdminWriteResponse } from '@maaler/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { refreshGatewayTreeIfKept } from '@/lib/server-data/gateway-tree';

/** GET /api/admin/meters/{accountId}?q=&page=: one page of locations with their meters and points. */
export function useMeterPage(accountId: string, search: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'meters', accountId, search, page],
    queryFn: ({ signal }) =>
      api.get(
        `/api/admin/meters/${encodeURIComponent(accountId)}?${new URLSearchParams({ q: search, page: String(page) })}`,
        MeterAdminPage,
        signal,
      ),
    enabled: accountId !== '',
    // The page stays on screen while the next one (or the same after a change) loads.
    placeholderData: keepPreviousData,
  });
}

/** A write under /api/admin/meters/: `call` and the ids before the account, e.g. `addmeter/12`. */
export type MeterWrite = { call: string; body?: object };

/**
 * Every meter administration write. Afterwards the list is read again, the reading screen's data
 * (route, history) is marked stale and its gateway tree, kept in session storage (spec §4), is loaded
 * anew when it is this account's, as a new or retired meter changes it; so are the period status and
 * the review. The account and user lists do not depend on meters and are left alone.
 */
export function useMeterWrite(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ call, body }: MeterWrite) =>
      api.post(`/api/admin/meters/${call}/${encodeURIComponent(accountId)}`, body, MeterAdminWriteResponse),
    onSuccess: async () => {
      await refreshGatewayTreeIfKept(accountId);
      await queryClient.invalidateQueries({
        predicate: ({ queryKey: [area, what] }) =>
          !(area === 'admin' && (what === 'accounts' || what === 'users')),
      });
    },
  });
}

/**
 * The account's gateway tree as the meter change dialog needs it (each point's last reading), read for
 * the administration without taking the place of the reading screen's copy in session storage.
 */
export function useAccountTree(accountId: string) {
  return useQuery({
    queryKey: ['admin', 'tree', accountId],
    queryFn: ({ signal }) =>
      api.get(`/api/gateway/loadlistsimple/${encodeURIComponent(accountId)}`, GuaranteedGatewayTree, signal),
    enabled: accountId !== '',
  });
}
