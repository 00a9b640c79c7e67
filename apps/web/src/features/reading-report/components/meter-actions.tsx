import type { GuaranteedDevice } from '@maaler/contract';
import type { MeterRef } from '../route-status';
import { MeterChangeButton } from './meter-change-button';
import { SkipButton } from './skip-button';

type MeterActionsProps = {
  accountId: string;
  gatewayId: number;
  device: GuaranteedDevice;
  todayIso: string;
  /** A resident (role 2) does not skip meters. */
  resident: boolean;
  onSkipped: (meter: MeterRef) => void;
  onChanged: (meter: MeterRef) => void;
};

/**
 * What one can do with the chosen meter besides reading it: `Spring over` and `Målerskift`. Loaded
 * after the form's first paint (the form starts the load when it mounts), because both are only
 * shown once a meter is chosen and the cascade is what a reader needs first.
 */
export default function MeterActions({
  accountId,
  gatewayId,
  device,
  todayIso,
  resident,
  onSkipped,
  onChanged,
}: MeterActionsProps) {
  return (
    <>
      {!resident && (
        <SkipButton
          accountId={accountId}
          meter={{ gatewayId, deviceId: device.DeviceId, name: device.Name, serial: device.Serial ?? null }}
          onSkipped={onSkipped}
        />
      )}
      <MeterChangeButton accountId={accountId} meter={device} todayIso={todayIso} onChanged={onChanged} />
    </>
  );
}
