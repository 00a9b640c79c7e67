import { isValidReadingValue, toWireValue } from '@maaler/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { offlineDialogMessages as messages } from '../dialog-messages';

type Props = {
  pointName: string;
  /** As kept: comma form. */
  initialValue: string;
  onCancel: () => void;
  /** Gets the new value in the form it is sent in (comma form). */
  onSave: (value: string) => Promise<void>;
};

/** 'Ret': a new value for one kept reading, checked by the same rule as the reading form. */
export function CorrectReadingForm({ pointName, initialValue, onCancel, onSave }: Props) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!isValidReadingValue(typed)) {
      setError(messages.valueNotANumber);
      return;
    }
    void onSave(toWireValue(typed));
  };

  return (
    <Form noValidate onSubmit={submit}>
      <Form.Group controlId={inputId} className="mb-2">
        <Form.Label>{messages.editLabel(pointName)}</Form.Label>
        <Form.Control
          type="text"
          inputMode="decimal"
          autoComplete="off"
          // The field just replaced the 'Ret' button that opened it.
          autoFocus
          value={value}
          onChange={(event) => setValue(event.target.value)}
          isInvalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id={`${inputId}-error`}>
            {error}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" variant="primary">
          {messages.save}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {messages.cancel}
        </Button>
      </div>
    </Form>
  );
}
