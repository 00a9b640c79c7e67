import type { Ref } from 'react';
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
    <button
      ref={ref}
      type="submit"
      className={`btn btn-lg w-100 mt-2 ${enabled ? 'btn-primary' : 'btn-secondary'}`}
      disabled={!enabled}
    >
      {saving && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {saving ? messages.sending : messages.send}
    </button>
  );
}
