import type { AdminMeter } from '@maaler/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { meterAdministrationMessages as messages } from './meter-messages';

/** `Tag ud af drift` asks first, below the meter, with a pointer to `Målerskift` for a replacement. */
export function RetireQuestion({
  meter,
  error,
  pending,
  onConfirm,
  onCancel,
}: {
  meter: AdminMeter;
  error: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Alert variant="warning" className="mt-2 mb-0">
      <p>{messages.retireQuestion(meter.Name)}</p>
      <p className="small">{messages.meterChangeNote}</p>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="danger" autoFocus disabled={pending} onClick={onConfirm}>
          {messages.confirmRetire}
        </Button>
        <Button variant="light" onClick={onCancel}>
          {messages.cancel}
        </Button>
      </div>
    </Alert>
  );
}
