import { ACCOUNT_SETTINGS, CONTROL_TOLERANCE_SETTING } from '@maaler/contract';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { useSaveControlTolerance } from './api/save-control-tolerance';
import { statusMessages as messages } from './status-messages';

const HINT_ID = 'admin-control-tolerance-hint';
const ERROR_ID = 'admin-control-tolerance-error';

/** The stored percentage as the field shows it: comma form, empty when unset. */
const shown = (percent: number | null) => (percent === null ? '' : String(percent).replace('.', ','));

/**
 * `Tolerance for kontrolaflæsning (%)` (issue 38, ADR 050): how far a control reading on a remote
 * meter may be from the remote value of its day. Checked by the contract's rule before it is sent
 * (a comma is taken for the dot); empty deletes the setting, so the default applies.
 */
export function ControlToleranceField({ accountId, value }: { accountId: string; value: number | null }) {
  const save = useSaveControlTolerance(accountId);
  const [text, setText] = useState(shown(value));
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const percent = text.trim().replace(',', '.');
    if (percent === '') {
      setInvalid(null);
      save.mutate(null);
      return;
    }
    const checked = ACCOUNT_SETTINGS[CONTROL_TOLERANCE_SETTING].safeParse(percent);
    if (!checked.success) {
      save.reset();
      setInvalid(checked.error.issues[0]?.message ?? messages.controlToleranceInvalid);
      return;
    }
    setInvalid(null);
    save.mutate(checked.data);
  };

  const failure =
    invalid ?? (save.isError ? messages.controlToleranceFailed(errorMessage(save.error)) : null);
  return (
    <Form noValidate onSubmit={submit} className="mb-3">
      <Form.Group controlId="admin-control-tolerance">
        <Form.Label>{messages.controlTolerance}</Form.Label>
        <div className="d-flex gap-2 align-items-start">
          <Form.Control
            inputMode="decimal"
            autoComplete="off"
            value={text}
            placeholder={messages.controlTolerancePlaceholder}
            isInvalid={failure !== null}
            aria-invalid={failure !== null}
            aria-describedby={failure === null ? HINT_ID : `${HINT_ID} ${ERROR_ID}`}
            onChange={(event) => {
              setText(event.target.value);
              setInvalid(null);
            }}
          />
          <Button type="submit" variant="outline-primary" disabled={save.isPending}>
            {messages.controlToleranceSave}
          </Button>
        </div>
      </Form.Group>
      <p id={HINT_ID} className="form-text mb-0">
        {messages.controlToleranceHint}
      </p>
      <p role="status" className={save.isSuccess ? 'form-text' : 'visually-hidden'}>
        {save.isSuccess ? messages.controlToleranceSaved : ''}
      </p>
      {failure !== null && (
        <p id={ERROR_ID} role="alert" className="text-danger">
          {failure}
        </p>
      )}
    </Form>
  );
}
