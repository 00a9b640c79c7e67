import { GuaranteedGatewayTree } from '@maaler/contract';
import { api } from './api-client';
import { sessionKeys } from './session-storage';

/** GET /api/gateway/loadlistsimple/{accountId}, always from the server; the answer is cached. */
export async function fetchGatewayList(accountId: string): Promise<GuaranteedGatewayTree> {
  const gateways = await api.get(
    `/api/gateway/loadlistsimple/${encodeURIComponent(accountId)}`,
    GuaranteedGatewayTree,
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
