import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FormField, FormValues, MeterForm } from './meter-forms';
import { meterAdministrationMessages as messages } from './meter-messages';

const inputModes: Partial<Record<NonNullable<FormField['kind']>, 'numeric' | 'email' | 'tel'>> = {
  number: 'numeric',
  email: 'email',
  tel: 'tel',
};

/** The fields in runs: each run of one group together, ungrouped fields each alone. */
function groupsOf(fields: readonly FormField[]) {
  const runs: { group?: string; fields: FormField[] }[] = [];
  for (const field of fields) {
    const last = runs.at(-1);
    if (field.group && last?.group === field.group) last.fields.push(field);
    else runs.push({ group: field.group, fields: [field] });
  }
  return runs;
}

/** A small form of text, number and date fields, selects and checkboxes, its first field focused; the server's refusal below it. */
export function MeterEditForm({
  idPrefix,
  form,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  form: MeterForm;
  pending: boolean;
  error: string;
  onSubmit: (values: FormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<FormValues>(() =>
    Object.fromEntries(form.fields.map((field) => [field.key, field.initial])),
  );
  const errorId = `${idPrefix}-error`;
  return (
    <Form
      className="border rounded p-2 my-2"
      aria-label={form.title}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p className="fw-bold mb-2">{form.title}</p>
      {groupsOf(form.fields).map(({ group, fields }) => {
        const controls = fields.map((field) => {
          const index = form.fields.indexOf(field);
          const set = (value: string) => setValues({ ...values, [field.key]: value });
          const controlId = `${idPrefix}-${field.key}`;
          const hintId = field.hint ? `${controlId}-hint` : undefined;
          const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
          const hint = field.hint && (
            <Form.Text id={hintId} className="d-block">
              {field.hint}
            </Form.Text>
          );
          if (field.kind === 'checkbox') {
            return (
              <Form.Group key={field.key} controlId={controlId} className="mb-2">
                <Form.Check
                  type="checkbox"
                  label={field.label}
                  checked={values[field.key] === '1'}
                  aria-describedby={describedBy}
                  onChange={(event) => set(event.target.checked ? '1' : '')}
                />
                {hint}
              </Form.Group>
            );
          }
          return (
            <Form.Group key={field.key} controlId={controlId} className="mb-2">
              <Form.Label>{field.label}</Form.Label>
              {field.options ? (
                <Form.Select value={values[field.key]} onChange={(event) => set(event.target.value)}>
                  {field.options.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <Form.Control
                  value={values[field.key]}
                  autoFocus={index === 0}
                  type={field.kind === 'date' ? 'date' : 'text'}
                  inputMode={inputModes[field.kind ?? 'text']}
                  autoComplete={field.group ? 'off' : undefined}
                  aria-describedby={describedBy}
                  onChange={(event) => set(event.target.value)}
                />
              )}
              {hint}
            </Form.Group>
          );
        });
        return group ? (
          <fieldset key={group} className="mb-2">
            <legend className="fs-6 fw-bold mb-1">{group}</legend>
            {controls}
          </fieldset>
        ) : (
          <Fragment key={fields[0]?.key}>{controls}</Fragment>
        );
      })}
      {error && (
        <p id={errorId} role="alert" className="text-danger">
          {error}
        </p>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {messages.save}
        </Button>
        <Button variant="light" onClick={onCancel}>
          {messages.cancel}
        </Button>
      </div>
    </Form>
  );
}
