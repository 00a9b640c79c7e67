import type { SkipReason } from '@maaler/contract';
import { lazy, useRef, useState } from 'react';
import { DialogButton } from '@/components/dialog-button';
import { showAlert } from '@/lib/alerts';
import { errorMessage } from '@/lib/messages';
import { newRandomId } from '@/lib/random-id';
import { isLostAnswer } from '../api/register-readings';
import { type SkipMeterRequest, useSkipReading } from '../api/skip-reading';
import { routeMessages as messages } from '../messages';
import type { MeterRef } from '../route-status';

const SkipDialog = lazy(() => import('./skip-dialog'));

type SkipButtonProps = {
  accountId: string;
  /** `serial`: the label's number, shown in the dialog; null when the meter has none. */
  meter: MeterRef & { name: string; serial: string | null };
  onSkipped: (meter: MeterRef) => void;
};

/** 'Spring over' (issue 17): records why the chosen meter is not read this period, then moves on. */
export function SkipButton({ accountId, meter, onSkipped }: SkipButtonProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per opening of the dialog: a second 'Spring over' after a lost answer cannot skip twice.
  const idempotencyKey = useRef('');
  const skip = useSkipReading();

  const show = () => {
    idempotencyKey.current = newRandomId();
    setError(null);
    setOpen(true);
  };
  const skipped = (text: string) => {
    setOpen(false);
    showAlert('success', text, { autohide: true });
    onSkipped(meter);
  };
  // No answer: the skip is kept on the device with the same key, as a SEND would be.
  const keepOnDevice = (request: SkipMeterRequest) =>
    import('@/lib/device/reading-queue/keep-on-device')
      .then(({ keepSkip }) => keepSkip({ ...request, deviceName: meter.name }))
      .then(
        () => skipped(messages.skippedOnDevice(meter.name)),
        () => setError(messages.skipNotKept),
      );
  const send = (reason: SkipReason, note: string | undefined, followUp: boolean) => {
    const request: SkipMeterRequest = {
      accountId,
      skip: {
        gatewayId: meter.gatewayId,
        deviceId: meter.deviceId,
        reason,
        ...(note ? { note } : {}),
        ...(followUp ? { followUp } : {}),
      },
      idempotencyKey: idempotencyKey.current,
    };
    if (!navigator.onLine) {
      void keepOnDevice(request);
      return;
    }
    skip.mutate(request, {
      onSuccess: (answer) => skipped(messages.skipped(meter.name, answer.ResidentLinkSent === true)),
      onError: (failure) => {
        if (isLostAnswer(failure)) void keepOnDevice(request);
        else setError(messages.skipFailed(errorMessage(failure)));
      },
    });
  };

  return (
    <DialogButton
      label={messages.skip}
      variant="outline-secondary"
      open={open}
      onOpen={show}
      onClose={() => setOpen(false)}
      keepFocusOnPress
      loadingText={messages.loading}
      renderDialog={(close) => (
        <SkipDialog
          meterName={meter.name}
          serial={meter.serial}
          sending={skip.isPending}
          error={error}
          onSkip={send}
          onClose={close}
        />
      )}
    />
  );
}
