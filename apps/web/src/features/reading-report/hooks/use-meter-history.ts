import type { GuaranteedHistoryList } from '@maaler/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readingHistoryQueryOptions } from '@/lib/server-data/reading-history-api';

const historyOptions = (accountId: string, gatewayId: string, deviceId: string) =>
  readingHistoryQueryOptions(accountId, { gatewayId: Number(gatewayId), deviceId: Number(deviceId) });

/**
 * The chosen meter's reading history, which the plausibility check needs before SEND: loaded as soon
 * as the meter is chosen, while the values are typed. Returns the history loaded so far (for the hard
 * rules while typing) and the loader the check calls; it answers from the cache when it can, and with
 * nothing when the history cannot be loaded. Offline only the
 * cached copy counts: a fetch would join the history query the browser paused when it went offline
 * and wait for the connection.
 */
export function useMeterHistory(
  accountId: string,
  gatewayId: string,
  deviceId: string,
  meterChosen: boolean,
): {
  history: GuaranteedHistoryList | undefined;
  loadHistory: () => Promise<GuaranteedHistoryList | undefined>;
} {
  const queryClient = useQueryClient();
  const { data: history } = useQuery({
    ...historyOptions(accountId, gatewayId, deviceId),
    enabled: meterChosen,
  });
  const loadHistory = useCallback(() => {
    const options = historyOptions(accountId, gatewayId, deviceId);
    if (!navigator.onLine) return Promise.resolve(queryClient.getQueryData(options.queryKey));
    return queryClient.fetchQuery({ ...options, retry: false }).catch(() => undefined);
  }, [queryClient, accountId, gatewayId, deviceId]);
  return { history: meterChosen ? history : undefined, loadHistory };
}
