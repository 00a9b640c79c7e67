import { isoDateInCopenhagen } from '@maaler/contract';
import { useQueryClient } from '@tanstack/react-query';
import { MeterChangeButton } from '@/features/reading-report';
import { useAccountTree } from './api/meters';

/**
 * 'Målerskift' of one meter in the administration's list: the reading form's dialog and call
 * (ADR 019), with each point's last reading from the account's tree. Afterwards every administration
 * list is read anew: the old meter shows as replaced, the new one in its place.
 */
export function AdminMeterChange({
  accountId,
  deviceId,
  onChanged,
}: {
  accountId: string;
  deviceId: number;
  /** The new meter's id, once the administration's lists are being read anew. */
  onChanged: (newDeviceId: number) => void;
}) {
  const queryClient = useQueryClient();
  const tree = useAccountTree(accountId);
  const meter = tree.data
    ?.flatMap((gateway) => gateway.DeviceList)
    .find((device) => device.DeviceId === deviceId);
  if (!meter) return null;
  return (
    <MeterChangeButton
      accountId={accountId}
      meter={meter}
      todayIso={isoDateInCopenhagen()}
      compact
      onChanged={(changed) => {
        void queryClient.invalidateQueries({ queryKey: ['admin'] });
        onChanged(changed.deviceId);
      }}
    />
  );
}
