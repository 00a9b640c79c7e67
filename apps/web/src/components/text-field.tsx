import type { ComponentPropsWithRef } from 'react';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'size' | 'value'> & {
  id: string;
  label: string;
  value?: string;
  /** Help text under the field, read out with it. */
  hint?: string | undefined;
  /** A second line of help under the hint, read out after it. */
  note?: string | undefined;
  /** Shown under the field and announced; the field is marked invalid. */
  error?: string | undefined;
  /** Marks the field invalid without a text of its own (the reason is shown elsewhere). */
  invalid?: boolean;
  /** A caution that does not block the form (an implausible reading), read out with the field. */
  warning?: string | undefined;
};

/**
 * A labelled input whose hint and error are tied to it (aria-describedby, aria-invalid). Bootstrap's
 * form markup written out rather than react-bootstrap's Form, as the login screen uses it on the
 * first load.
 */
export function TextField({
  id,
  label,
  hint,
  note,
  error,
  invalid,
  warning,
  className,
  ...inputProps
}: TextFieldProps) {
  const isInvalid = invalid === true || Boolean(error);
  // A hint that repeats the error would be read out twice.
  const shownHint = hint !== undefined && hint !== error ? hint : undefined;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const warningId = `${id}-warning`;
  const describedBy = [
    shownHint ? hintId : null,
    note ? noteId : null,
    error ? errorId : null,
    warning ? warningId : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className ?? 'mb-3'}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className={
          isInvalid ? 'form-control is-invalid' : warning ? 'form-control border-warning' : 'form-control'
        }
        aria-invalid={isInvalid}
        aria-describedby={describedBy || undefined}
      />
      <div id={errorId} role="alert" className="invalid-feedback">
        {error}
      </div>
      {shownHint && (
        <small id={hintId} className="form-text d-block">
          {shownHint}
        </small>
      )}
      {note && (
        <small id={noteId} className="form-text d-block">
          {note}
        </small>
      )}
      {warning && (
        <small id={warningId} className="form-text d-block text-warning-emphasis fw-semibold">
          {warning}
        </small>
      )}
    </div>
  );
}
