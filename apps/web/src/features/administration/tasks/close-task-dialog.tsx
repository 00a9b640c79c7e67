import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FormDialog } from '@/components/form-dialog';
import { taskMessages as messages } from './task-messages';

type CloseTaskDialogProps = {
  meterName: string;
  closing: boolean;
  error: string | null;
  onClose: (note: string) => void;
  onCancel: () => void;
};

/** `Luk opgave`: a note says what was done; the task then stays in the meter's history. */
export function CloseTaskDialog({ meterName, closing, error, onClose, onCancel }: CloseTaskDialogProps) {
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') {
      setMissing(true);
      return;
    }
    onClose(note.trim());
  };
  return (
    <FormDialog
      titleId="close-task-title"
      title={messages.closeTitle(meterName)}
      onSubmit={submit}
      onClose={onCancel}
      cancelLabel={messages.cancel}
      submitLabel={messages.close}
      busy={closing}
      error={error}
    >
      <Form.Group controlId="close-task-note">
        <Form.Label>{messages.closeNote}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={note}
          required
          // The dialog opens to be filled in: start where the typing starts.
          autoFocus
          onChange={(event) => {
            setNote(event.target.value);
            setMissing(false);
          }}
          isInvalid={missing}
          aria-invalid={missing}
          aria-describedby={missing ? 'close-task-hint close-task-error' : 'close-task-hint'}
        />
        <Form.Text id="close-task-hint">{messages.closeNoteHint}</Form.Text>
        <Form.Control.Feedback type="invalid" id="close-task-error" role="alert">
          {missing ? messages.closeNoteRequired : null}
        </Form.Control.Feedback>
      </Form.Group>
    </FormDialog>
  );
}
