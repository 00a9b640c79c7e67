import { useQuery } from '@tanstack/react-query';
import { gatewayTreeQueryOptions } from '@/lib/server-data/gateway-tree';

/** The account's gateway tree (spec §4), as lib/server-data/gateway-tree.ts keeps it. */
export function useGatewayTree(accountId: string) {
  return useQuery(gatewayTreeQueryOptions(accountId));
}
