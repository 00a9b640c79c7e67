import type { FoundMeter } from '@maaler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { DialogButton } from '@/components/dialog-button';
import { ApiError } from '@/lib/http/api-error';
import { errorMessage } from '@/lib/messages';
import { findMeterBySerial } from '../api/find-meter';
import { routeMessages as messages } from '../messages';

const FindMeterDialog = lazy(() => import('./find-meter-dialog'));

type FindMeterButtonProps = {
  accountId: string;
  disabled: boolean;
  onFound: (meter: FoundMeter) => void;
};

/** 'Find måler' (issue 17): looks a meter of the chosen account up by its serial number. */
export function FindMeterButton({ accountId, disabled, onFound }: FindMeterButtonProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const find = useMutation({
    mutationFn: (serial: string) => findMeterBySerial(queryClient, accountId, serial),
    networkMode: 'always',
  });

  const search = (serial: string) => {
    setError(null);
    find.mutate(serial, {
      onSuccess: (meter) => {
        setOpen(false);
        onFound(meter);
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.status === 404
            ? messages.notFound(serial)
            : messages.findFailed(errorMessage(failure)),
        ),
    });
  };

  return (
    <DialogButton
      label={messages.findMeter}
      open={open}
      onOpen={() => {
        setError(null);
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      disabled={disabled}
      keepFocusOnPress
      loadingText={messages.loading}
      renderDialog={(close) => (
        <FindMeterDialog searching={find.isPending} error={error} onFind={search} onClose={close} />
      )}
    />
  );
}
