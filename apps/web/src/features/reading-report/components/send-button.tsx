import type { Ref } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { readingReportMessages as messages } from '../messages';

type SendButtonProps = {
  /** The form is valid. */
  ready: boolean;
  /** SEND was pressed and has not been answered yet. */
  submitting: boolean;
  /** The readings are on their way (a part of submitting). */
  saving: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * Spec §2: 'SEND' when the form is valid and not submitting, a greyed 'SEND' when invalid or
 * submitting, 'SENDER...' while saving.
 */
export function SendButton({ ready, submitting, saving, ref }: SendButtonProps) {
  const enabled = ready && !submitting;
  return (
    <Button
      ref={ref}
      type="submit"
      size="lg"
      variant={enabled ? 'primary' : 'secondary'}
      className="w-100 mt-2"
      disabled={!enabled}
    >
      {saving && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {saving ? messages.sending : messages.send}
    </Button>
  );
}
