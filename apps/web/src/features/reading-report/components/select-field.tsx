import type { Ref } from 'react';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Text of an empty first option that stands for "nothing chosen". */
  placeholder?: string;
  disabled?: boolean;
  /** Shown under the field and announced; the field is marked invalid. */
  error?: string | undefined;
  /** Help text under the field, read out with it. */
  hint?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled select whose hint and error are tied to it (aria-describedby, aria-invalid). */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  onBlur,
  placeholder,
  disabled,
  error,
  hint,
  ref,
}: SelectFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className={`form-select form-select-lg${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div className="invalid-feedback" id={errorId} role="alert">
        {error}
      </div>
      {hint && (
        <small id={hintId} className="form-text d-block">
          {hint}
        </small>
      )}
    </div>
  );
}
