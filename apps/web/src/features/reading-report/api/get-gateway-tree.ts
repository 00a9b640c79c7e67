import type { GuaranteedGatewayTree } from '@maaler/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchGatewayList, loadGatewayList } from '@/lib/server-data/gateway-tree';

const gatewayTreeKey = (accountId: string) => ['gateway-tree', accountId] as const;

/** GET /api/gateway/loadlistsimple/{accountId}, from the session cache when present (spec §4). */
export function gatewayTreeQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: gatewayTreeKey(accountId),
    queryFn: () => loadGatewayList(accountId),
    enabled: accountId !== '',
    // The session cache decides what is current (an account change loads it fresh); reading it is free.
    staleTime: 0,
    // It reads the device's copies first, so it must also run while the browser is offline.
    networkMode: 'always',
  });
}

export function useGatewayTree(accountId: string) {
  return useQuery(gatewayTreeQueryOptions(accountId));
}

/** Loads an account's gateways fresh from the server (new last values) into both caches. */
export function useRefreshGatewayTree(): (accountId: string) => Promise<GuaranteedGatewayTree> {
  const queryClient = useQueryClient();
  return useCallback(
    async (accountId: string) => {
      const gateways = await fetchGatewayList(accountId);
      queryClient.setQueryData(gatewayTreeKey(accountId), gateways);
      return gateways;
    },
    [queryClient],
  );
}
