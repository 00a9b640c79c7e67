import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

type FormDialogFooterProps = {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  /** The form is being sent: the submit waits, cancel still closes. */
  busy: boolean;
};

/** The footer of a dialog that holds a form: cancel, then the form's submit. */
export function FormDialogFooter({ cancelLabel, onCancel, submitLabel, busy }: FormDialogFooterProps) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
    </Modal.Footer>
  );
}
