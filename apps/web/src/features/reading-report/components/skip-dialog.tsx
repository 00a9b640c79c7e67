import { SKIP_REASON_NEEDING_NOTE, SKIP_REASONS, type SkipReason } from '@maaler/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FormDialog } from '@/components/form-dialog';
import { readingReportMessages } from '../messages';
import { routeDialogMessages as messages } from '../route-dialog-messages';

const TITLE_ID = 'skip-title';

type SkipDialogProps = {
  meterName: string;
  /** The label's number, so the reader can check it is the right meter; null when it has none. */
  serial: string | null;
  /** A skip is being sent. */
  sending: boolean;
  /** Why the last attempt failed. */
  error: string | null;
  /** `followUp`: the note is marked `Kræver opfølgning`, so the office gets a task (issue 37). */
  onSkip: (reason: SkipReason, note: string | undefined, followUp: boolean) => void;
  onClose: () => void;
};

/**
 * 'Spring over' (issue 17): the meter is not read this period, with a reason; `Andet` needs a note.
 * No reason is chosen beforehand (issue 33): a reader in a hurry would otherwise record the first one.
 */
export default function SkipDialog({ meterName, serial, sending, error, onSkip, onClose }: SkipDialogProps) {
  const [reason, setReason] = useState<SkipReason | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  // Each submit without a reason takes the focus to the reasons, once they show their error.
  const [refusals, setRefusals] = useState(0);
  const reasons = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (refusals > 0) reasons.current?.querySelector('input')?.focus();
  }, [refusals]);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const [followUp, setFollowUp] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === null) {
      setReasonMissing(true);
      setRefusals((count) => count + 1);
      return;
    }
    const trimmed = note.trim();
    if (reason === SKIP_REASON_NEEDING_NOTE && trimmed === '') {
      setNoteMissing(true);
      return;
    }
    onSkip(reason, trimmed === '' ? undefined : trimmed, followUp);
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
      <p className={serial ? 'mb-1' : undefined}>{messages.skipIntro(meterName)}</p>
      {serial && <p className="small text-body-secondary">{readingReportMessages.serial(serial)}</p>}
      <fieldset
        ref={reasons}
        className="mb-3"
        aria-describedby={reasonMissing ? 'skip-reason-error' : undefined}
      >
        <legend className="form-label fs-6">{messages.reason}</legend>
        {SKIP_REASONS.map((option) => (
          <Form.Check
            key={option}
            type="radio"
            id={`skip-reason-${option}`}
            name="skip-reason"
            label={option}
            checked={reason === option}
            isInvalid={reasonMissing}
            onChange={() => {
              setReason(option);
              setReasonMissing(false);
              setNoteMissing(false);
            }}
          />
        ))}
        {reasonMissing && (
          <div id="skip-reason-error" role="alert" className="invalid-feedback d-block">
            {messages.reasonRequired}
          </div>
        )}
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
      <Form.Check
        type="checkbox"
        id="skip-follow-up"
        className="mt-2"
        label={messages.followUp}
        checked={followUp}
        onChange={(event) => setFollowUp(event.target.checked)}
      />
    </FormDialog>
  );
}
