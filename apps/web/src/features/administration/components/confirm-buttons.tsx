import Button from 'react-bootstrap/Button';

/** The answer to a question that changes something for good: the danger button first, with the focus. */
export function ConfirmButtons({
  confirmLabel,
  cancelLabel,
  pending = false,
  onConfirm,
  onCancel,
}: {
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="d-flex flex-wrap gap-2">
      <Button variant="danger" autoFocus disabled={pending} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button variant="light" onClick={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}
