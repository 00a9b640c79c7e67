import { GuaranteedGatewayTree } from '@maaler/contract';
import { sessionKeys } from '../browser-storage/schema-checked-keys';
import { api } from '../http/api-client';
import { withDeviceCopy } from './offline-fallback';

/**
 * GET /api/gateway/loadlistsimple/{accountId}, always from the server; the answer is cached, also on
 * the device, whose copy answers when the server cannot be reached.
 */
export async function fetchGatewayList(accountId: string): Promise<GuaranteedGatewayTree> {
  const gateways = await withDeviceCopy(accountId, 'gateway-tree', GuaranteedGatewayTree, () =>
    api.get(`/api/gateway/loadlistsimple/${encodeURIComponent(accountId)}`, GuaranteedGatewayTree),
  );
  sessionKeys.gatewaylist.set({ accountId, gateways });
  return gateways;
}

/** Spec §4: the simple gateway list comes from the session cache when present, else from the server. */
export async function loadGatewayList(accountId: string): Promise<GuaranteedGatewayTree> {
  const cached = sessionKeys.gatewaylist.get();
  if (cached && cached.accountId === accountId) return cached.gateways;
  return fetchGatewayList(accountId);
}
