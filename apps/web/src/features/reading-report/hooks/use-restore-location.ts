import { useCallback, useEffect, useRef } from 'react';
import { refreshGatewayTree } from '@/lib/server-data/gateway-tree';
import type { MeterRef } from '../route-status';
import { restoreLocationAfterSave } from '../save/restore-location-after-save';
import type { ReadingFormState } from './use-reading-form-state';

/**
 * Chooses the saved meter's location again after a save (spec §4); a restore still pending is
 * cancelled by the next one and when the form goes. `refresh`: load the gateways' new last values
 * first (not after readings were only kept on the device).
 */
export function useRestoreLocation(
  change: ReadingFormState['change'],
  onLocationRestored: (saved: MeterRef) => void,
) {
  const cancelRestore = useRef<() => void>(() => {});

  useEffect(() => () => cancelRestore.current(), []);

  return useCallback(
    (accountId: string, saved: MeterRef, refresh: boolean) => {
      const gatewayId = String(saved.gatewayId);
      cancelRestore.current = restoreLocationAfterSave({
        gatewayId,
        refreshGateways: () => (refresh ? refreshGatewayTree(accountId) : Promise.resolve(undefined)),
        restore: () => {
          change({ gatewayId });
          onLocationRestored(saved);
        },
      });
    },
    [change, onLocationRestored],
  );
}
