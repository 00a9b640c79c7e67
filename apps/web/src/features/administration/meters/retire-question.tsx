import type { AdminMeter } from '@maaler/contract';
import Alert from 'react-bootstrap/Alert';
import { ConfirmButtons } from '../components/confirm-buttons';
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
      <ConfirmButtons
        confirmLabel={messages.confirmRetire}
        cancelLabel={messages.cancel}
        pending={pending}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </Alert>
  );
}
