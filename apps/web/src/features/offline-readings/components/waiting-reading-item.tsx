import { toDanishDate } from '@maaler/contract';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { QueuedReading, QueuedSend } from '@/lib/device/reading-queue/queued-send';
import type { ReadingQueue } from '@/lib/device/reading-queue/reading-queue';
import { offlineDialogMessages as messages } from '../dialog-messages';
import { formatEnteredAt } from '../format-entered-at';
import { loadDeviceQueue } from '../load-device-queue';
import { CorrectReadingForm } from './correct-reading-form';

type Mode = 'view' | 'edit' | 'confirm-delete';

async function changeQueue(change: (queue: ReadingQueue) => Promise<void>): Promise<void> {
  const { deviceQueue, queueChanged } = await loadDeviceQueue();
  await change(await deviceQueue());
  queueChanged();
}

/** One reading on the device: what and when, whether the server refused it, and 'Ret' / 'Slet'. */
export function WaitingReadingItem({ send, reading }: { send: QueuedSend; reading: QueuedReading }) {
  const [mode, setMode] = useState<Mode>('view');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const unit = reading.unit ? ` ${reading.unit}` : '';

  const run = (change: Parameters<typeof changeQueue>[0]) =>
    changeQueue(change).catch((failure: unknown) => {
      console.error('Changing the device queue failed', failure);
      setError(messages.storageFailed);
    });

  // The button to focus once the row is back in view, after React has put it in the document.
  const focusOnView = useRef<RefObject<HTMLButtonElement | null> | null>(null);
  useEffect(() => {
    if (mode !== 'view') return;
    focusOnView.current?.current?.focus();
    focusOnView.current = null;
  }, [mode]);

  const back = (target: RefObject<HTMLButtonElement | null>) => {
    focusOnView.current = target;
    setMode('view');
  };

  return (
    <li className="border rounded p-3 mb-2" aria-labelledby={titleId} data-testid="waiting-reading">
      <h3 id={titleId} className="h6 mb-2">
        {send.deviceName} – {reading.pointName}
      </h3>
      <dl className="waiting-reading-facts mb-2">
        <dt>{messages.meter}</dt>
        <dd>
          {send.gatewayName}, {send.deviceName}
        </dd>
        <dt>{messages.point}</dt>
        <dd>{reading.pointName}</dd>
        <dt>{messages.date}</dt>
        <dd>{toDanishDate(send.date)}</dd>
        <dt>{messages.value}</dt>
        <dd>
          {reading.value}
          {unit}
        </dd>
        <dt>{messages.enteredAt}</dt>
        <dd>{formatEnteredAt(send.enteredAt)}</dd>
        {send.photoId && (
          <>
            <dt>{messages.photo}</dt>
            <dd data-testid="waiting-photo-mark">{messages.withPhoto}</dd>
          </>
        )}
        {send.note && (
          <>
            <dt>{messages.note}</dt>
            <dd className="text-break">{send.note}</dd>
          </>
        )}
      </dl>
      {send.rejection !== null && (
        <p className="text-danger mb-2" data-testid="waiting-reading-failed">
          <strong>{messages.failed}:</strong> {send.rejection}
        </p>
      )}
      {error && <p className="text-danger mb-2">{error}</p>}
      {mode === 'view' && (
        <div className="d-flex gap-2">
          <Button
            ref={editRef}
            variant="outline-primary"
            aria-describedby={titleId}
            onClick={() => setMode('edit')}
          >
            {messages.edit}
          </Button>
          <Button
            ref={deleteRef}
            variant="outline-danger"
            aria-describedby={titleId}
            onClick={() => setMode('confirm-delete')}
          >
            {messages.delete}
          </Button>
        </div>
      )}
      {mode === 'edit' && (
        <CorrectReadingForm
          pointName={reading.pointName}
          initialValue={reading.value}
          onCancel={() => back(editRef)}
          onSave={(value) =>
            run((queue) => queue.correct(send.id, reading.id, value)).then(() => back(editRef))
          }
        />
      )}
      {mode === 'confirm-delete' && (
        <DeleteConfirmation
          onCancel={() => back(deleteRef)}
          onConfirm={() => void run((queue) => queue.deleteReading(send.id, reading.id))}
        />
      )}
    </li>
  );
}

function DeleteConfirmation({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  return (
    // autoFocus below: the question just replaced the 'Slet' button that asked it.
    <fieldset>
      <legend className="fs-6 mb-2">{messages.deleteQuestion}</legend>
      <div className="d-flex gap-2">
        <Button variant="danger" autoFocus onClick={onConfirm}>
          {messages.confirmDelete}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {messages.cancel}
        </Button>
      </div>
    </fieldset>
  );
}
