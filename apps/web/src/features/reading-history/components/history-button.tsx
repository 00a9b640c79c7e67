import type { GuaranteedDevice, GuaranteedGateway } from '@maaler/contract';
import { lazy, Suspense } from 'react';
import { useDialogOpener } from '@/components/dialog-visibility';
import { LineIcon } from '@/components/line-icon';
import { historyButtonMessages as messages } from '../button-messages';

// The dialog (table, chart, CSV) loads when it is first opened, not with the home screen.
const ReadingHistoryDialog = lazy(() =>
  import('./reading-history-dialog').then((module) => ({ default: module.ReadingHistoryDialog })),
);

type HistoryButtonProps = {
  accountId: string;
  gateway: GuaranteedGateway;
  device: GuaranteedDevice;
};

function HistoryIcon() {
  return (
    <LineIcon className="me-2">
      <path d="M3 3v18h18" />
      <path d="m7 15 4-4 3 3 5-6" />
    </LineIcon>
  );
}

/** 'Historik': opens the history of the chosen location and meter. */
export function HistoryButton({ accountId, gateway, device }: HistoryButtonProps) {
  const { opened, button, visibility } = useDialogOpener();

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary btn-lg w-100 mt-3 d-flex align-items-center justify-content-center"
        {...button}
      >
        <HistoryIcon />
        {messages.open}
      </button>
      {opened && (
        <Suspense
          fallback={
            <p role="status" className="mt-2">
              {messages.loading}
            </p>
          }
        >
          <ReadingHistoryDialog {...visibility} accountId={accountId} gateway={gateway} device={device} />
        </Suspense>
      )}
    </>
  );
}
