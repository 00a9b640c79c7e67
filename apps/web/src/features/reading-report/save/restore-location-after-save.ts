import type { GuaranteedGatewayTree } from '@maaler/contract';
import { LOCATION_RESTORE_DELAY_MS } from '@/config/constants';

type RestoreLocation = {
  gatewayId: string;
  /**
   * Loads the account's gateways fresh (their last values changed with the save); resolves to
   * undefined when there is nothing to reload (the readings were only kept on the device).
   */
  refreshGateways: () => Promise<GuaranteedGatewayTree | undefined>;
  /** Chooses the location again. */
  restore: () => void;
};

function hasLocation(gateways: GuaranteedGatewayTree | undefined, gatewayId: string): boolean {
  return gateways === undefined || gateways.some((gateway) => String(gateway.GatewayId) === gatewayId);
}

/**
 * Spec §4: after a save the gateways are reloaded and the chosen location is restored after
 * LOCATION_RESTORE_DELAY_MS, unless the fresh list no longer has it (a failed reload keeps it).
 * Returns a cancel function for a restore that has not happened yet.
 */
export function restoreLocationAfterSave({
  gatewayId,
  refreshGateways,
  restore,
}: RestoreLocation): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  void refreshGateways()
    .catch(() => undefined)
    .then((gateways) => {
      if (cancelled || !hasLocation(gateways, gatewayId)) return;
      timer = setTimeout(restore, LOCATION_RESTORE_DELAY_MS);
    });
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
