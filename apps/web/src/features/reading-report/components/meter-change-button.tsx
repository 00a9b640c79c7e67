import {
  ADMIN_ROLE,
  type GuaranteedDevice,
  METER_READER_ROLE,
  type MeterChangeRequest,
} from '@maaler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, useRef, useState } from 'react';
import { DialogButton } from '@/components/dialog-button';
import { showAlert } from '@/lib/alerts';
import { errorMessage } from '@/lib/messages';
import { newRandomId } from '@/lib/random-id';
import { refreshGatewayTreeIfKept } from '@/lib/server-data/gateway-tree';
import { postMeterChange } from '@/lib/server-data/meter-change-api';
import { readingHistoryAccountKey } from '@/lib/server-data/reading-history-api';
import { readingStatusKey } from '@/lib/server-data/reading-status-key';
import { useAuthStatus } from '@/lib/session/use-auth-status';
import { meterChangeMessages as messages } from '../messages';
import type { MeterRef } from '../route-status';

const MeterChangeDialog = lazy(() => import('./meter-change-dialog'));

type MeterChangeButtonProps = {
  accountId: string;
  meter: GuaranteedDevice;
  todayIso: string;
  /** The new meter is in the tree: the form shows it. */
  onChanged: (meter: MeterRef) => void;
  /** A small button named for the meter, for a list of meters (the administration's). */
  compact?: boolean;
};

/** 'Målerskift' (issue 19, ADR 019): for meter readers and administrators, as the server allows. */
export function MeterChangeButton({
  accountId,
  meter,
  todayIso,
  onChanged,
  compact = false,
}: MeterChangeButtonProps) {
  const allowed = useAuthStatus((status) => status.role === METER_READER_ROLE || status.role === ADMIN_ROLE);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per opening of the dialog: sending again after a lost answer cannot change the meter twice.
  const idempotencyKey = useRef('');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async (request: MeterChangeRequest) => {
      const answer = await postMeterChange(accountId, meter.DeviceId, request, idempotencyKey.current);
      await refreshGatewayTreeIfKept(accountId);
      void queryClient.invalidateQueries({ queryKey: readingStatusKey(accountId) });
      void queryClient.invalidateQueries({ queryKey: readingHistoryAccountKey(accountId) });
      return answer;
    },
  });
  if (!allowed) return null;

  const send = (request: MeterChangeRequest) => {
    setError(null);
    change.mutate(request, {
      onSuccess: (answer) => {
        setOpen(false);
        showAlert('success', messages.changed(meter.Name, request.serialNumber), { autohide: true });
        onChanged({ gatewayId: answer.GatewayId, deviceId: answer.DeviceId });
      },
      onError: (failure) => setError(messages.failed(errorMessage(failure))),
    });
  };

  return (
    <DialogButton
      label={messages.open}
      variant="outline-secondary"
      open={open}
      onOpen={() => {
        idempotencyKey.current = newRandomId();
        setError(null);
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      keepFocusOnPress
      compact={compact ? { ariaLabel: messages.openFor(meter.Name) } : undefined}
      loadingText={messages.loading}
      renderDialog={(close) => (
        <MeterChangeDialog
          meter={meter}
          todayIso={todayIso}
          sending={change.isPending}
          error={error}
          onSave={send}
          onClose={close}
        />
      )}
    />
  );
}
