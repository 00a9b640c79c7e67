import type { ComponentPropsWithRef } from 'react';
import Form from 'react-bootstrap/Form';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'size' | 'value'> & {
  id: string;
  label: string;
  value?: string;
  /** Help text under the field, read out with it. */
  hint?: string;
  /** Shown under the field and announced; the field is marked invalid. */
  error?: string | undefined;
  /** Marks the field invalid without a text of its own (the reason is shown elsewhere). */
  invalid?: boolean;
};

/** A labelled input whose hint and error are tied to it (aria-describedby, aria-invalid). */
export function TextField({ id, label, hint, error, invalid, className, ...inputProps }: TextFieldProps) {
  const isInvalid = invalid === true || Boolean(error);
  // A hint that repeats the error would be read out twice.
  const shownHint = hint !== undefined && hint !== error ? hint : undefined;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [shownHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...inputProps}
        isInvalid={isInvalid}
        aria-invalid={isInvalid}
        aria-describedby={describedBy || undefined}
      />
      <Form.Control.Feedback type="invalid" id={errorId} role="alert">
        {error}
      </Form.Control.Feedback>
      {shownHint && (
        <Form.Text id={hintId} className="d-block">
          {shownHint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
