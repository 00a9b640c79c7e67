import { SKIP_REASON_NEEDING_NOTE, SKIP_REASONS, type SkipReason } from '@maaler/contract';
import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FormDialog } from '@/components/form-dialog';
import { routeDialogMessages as messages } from '../route-dialog-messages';

const TITLE_ID = 'skip-title';

type SkipDialogProps = {
  meterName: string;
  /** A skip is being sent. */
  sending: boolean;
  /** Why the last attempt failed. */
  error: string | null;
  onSkip: (reason: SkipReason, note: string | undefined) => void;
  onClose: () => void;
};

/** 'Spring over' (issue 17): the meter is not read this period, with a reason; `Andet` needs a note. */
export default function SkipDialog({ meterName, sending, error, onSkip, onClose }: SkipDialogProps) {
  const [reason, setReason] = useState<SkipReason>(SKIP_REASONS[0]);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    if (reason === SKIP_REASON_NEEDING_NOTE && trimmed === '') {
      setNoteMissing(true);
      return;
    }
    onSkip(reason, trimmed === '' ? undefined : trimmed);
  };

  return (
    <FormDialog
      titleId={TITLE_ID}
      title={messages.skipTitle}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={messages.cancel}
      submitLabel={messages.skip}
      busy={sending}
      error={error}
    >
      <p>{messages.skipIntro(meterName)}</p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{messages.reason}</legend>
        {SKIP_REASONS.map((option) => (
          <Form.Check
            key={option}
            type="radio"
            id={`skip-reason-${option}`}
            name="skip-reason"
            label={option}
            checked={reason === option}
            onChange={() => {
              setReason(option);
              setNoteMissing(false);
            }}
          />
        ))}
      </fieldset>
      <Form.Group controlId="skip-note">
        <Form.Label>{messages.note}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteMissing(false);
          }}
          isInvalid={noteMissing}
          aria-invalid={noteMissing}
          aria-describedby={noteMissing ? 'skip-note-error' : undefined}
          required={reason === SKIP_REASON_NEEDING_NOTE}
        />
        <Form.Control.Feedback type="invalid" id="skip-note-error" role="alert">
          {noteMissing ? messages.noteRequired : null}
        </Form.Control.Feedback>
      </Form.Group>
    </FormDialog>
  );
}
