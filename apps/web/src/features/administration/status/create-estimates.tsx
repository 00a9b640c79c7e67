import { isoDateInCopenhagen, type PeriodStatus } from '@maaler/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { administrationMessages } from '../messages';
import { estimateMessages } from './estimate-messages';
import { periodHasEnded } from './period-ended';

const EstimatesDialog = lazy(() => import('./estimates-dialog'));

/**
 * `Opret estimater` (ADR 021) for a period that has ended: the dialog with the proposals, loaded on
 * first use; afterwards the focus returns to the button and the status is read again.
 */
export function CreateEstimates({
  accountId,
  status,
  onCreated,
}: {
  accountId: string;
  status: PeriodStatus;
  onCreated: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  if (!periodHasEnded(status.period.end, isoDateInCopenhagen())) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="mb-3">
      <Button
        ref={button}
        variant="outline-primary"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setCreated('');
          setOpen(true);
        }}
      >
        {estimateMessages.open}
      </Button>
      <p role="status" className={created ? 'form-text' : 'visually-hidden'}>
        {created}
      </p>
      {open && (
        <Suspense fallback={<p role="status">{administrationMessages.loading}</p>}>
          <EstimatesDialog
            accountId={accountId}
            date={status.period.start}
            periodLabel={status.period.label}
            onCreated={(count) => {
              setCreated(estimateMessages.created(count));
              close();
              onCreated();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
