import type { GuaranteedGatewayTree } from '@maaler/contract';
import { queryOptions } from '@tanstack/react-query';
import { sessionKeys } from '../browser-storage/schema-checked-keys';
import { api } from '../http/api-client';
import { queryClient } from '../http/query-client';
import { answerSchema } from './answer-schema';
import { withDeviceCopy } from './offline-fallback';

const treeSchema = answerSchema('GuaranteedGatewayTree');

// The one owner of an account's gateway tree. The spec keeps it in session storage (`gatewaylist`,
// §4); the query cache is the screens' view of that copy. Only this module writes either, so the two
// never disagree.

const gatewayTreeKey = (accountId: string) => ['gateway-tree', accountId] as const;

/**
 * GET /api/gateway/loadlistsimple/{accountId}, always from the server (the device's copy answers
 * when the server cannot be reached), into session storage and the query cache.
 */
export async function refreshGatewayTree(accountId: string): Promise<GuaranteedGatewayTree> {
  const gateways = await withDeviceCopy(accountId, 'gateway-tree', treeSchema, () =>
    api.get(`/api/gateway/loadlistsimple/${encodeURIComponent(accountId)}`, treeSchema),
  );
  sessionKeys.gatewaylist.set({ accountId, gateways });
  queryClient.setQueryData(gatewayTreeKey(accountId), gateways);
  return gateways;
}

/**
 * After a change to an account's meters made outside the reading screen (the administration): its
 * tree in session storage is loaded anew when it is that account's; another account's stays.
 */
export async function refreshGatewayTreeIfKept(accountId: string): Promise<void> {
  if (sessionKeys.gatewaylist.get()?.accountId === accountId) await refreshGatewayTree(accountId);
}

/** The account's tree as session storage keeps it, or undefined when it keeps another's or none. */
function sessionCopy(accountId: string): GuaranteedGatewayTree | undefined {
  const cached = sessionKeys.gatewaylist.get();
  return cached?.accountId === accountId ? cached.gateways : undefined;
}

/** Spec §4: the gateway tree comes from the session cache when present, else from the server. */
export function gatewayTreeQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: gatewayTreeKey(accountId),
    queryFn: (): Promise<GuaranteedGatewayTree> => {
      const cached = sessionCopy(accountId);
      return cached ? Promise.resolve(cached) : refreshGatewayTree(accountId);
    },
    // The session's copy is there in the screen's first render, instead of one render later when
    // the query function has read it (issue 20 §3: each render of the home form is a long task on
    // a slow phone).
    initialData: () => sessionCopy(accountId),
    // Never stale: this module writes the session copy and the cache together, so reading the
    // session again could only find what the cache holds. An account change loads it fresh.
    staleTime: Number.POSITIVE_INFINITY,
    // It reads the device's copies first, so it must also run while the browser is offline.
    networkMode: 'always',
    // A user without accounts has no account id: spec §4 keeps the form empty then, with no call.
    enabled: accountId !== '',
  });
}
