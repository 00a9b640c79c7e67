import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { Credentials } from '@/lib/session/login-call';
import { type LoginField, type LoginFormValues, loginFieldError, toCredentials } from '../login-form-rules';

export type LoginFieldError = { message: string; fromServer: boolean };
export type LoginFormErrors = Partial<Record<LoginField, LoginFieldError>>;

/** Fields in form order: a failed submit focuses the first invalid one. */
const FIELDS: readonly LoginField[] = ['email', 'password'];

/**
 * The login form's state and checks, timed as before with react-hook-form in 'onTouched' mode: a
 * field is first checked when it loses focus, then on every change; after a submit, every field is
 * checked on every change. A failed submit focuses the first invalid field.
 */
export function useLoginForm(initial: LoginFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const latest = useRef(initial);
  const touched = useRef(new Set<LoginField>());
  const submitted = useRef(false);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const inputs = { email, password };

  function check(field: LoginField) {
    const message = loginFieldError(field, latest.current);
    setErrors((previous) => ({
      ...previous,
      [field]: message === undefined ? undefined : { message, fromServer: false },
    }));
  }

  function update(next: LoginFormValues) {
    latest.current = next;
    setValues(next);
  }

  const field = (name: LoginField) => ({
    name,
    ref: inputs[name],
    value: values[name],
    onChange(event: ChangeEvent<HTMLInputElement>) {
      update({ ...latest.current, [name]: event.target.value });
      if (submitted.current || touched.current.has(name)) check(name);
    },
    onBlur() {
      touched.current.add(name);
      if (!submitted.current) check(name);
    },
  });

  const checkbox = {
    name: 'rememberme',
    checked: values.rememberme,
    onChange(event: ChangeEvent<HTMLInputElement>) {
      update({ ...latest.current, rememberme: event.target.checked });
    },
  };

  /** Checks every field; sends the credentials when all are valid. */
  const handleSubmit = (send: (credentials: Credentials) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const next: LoginFormErrors = {};
    for (const name of FIELDS) {
      const message = loginFieldError(name, latest.current);
      if (message !== undefined) next[name] = { message, fromServer: false };
    }
    setErrors(next);
    const firstInvalid = FIELDS.find((name) => next[name] !== undefined);
    if (firstInvalid) inputs[firstInvalid].current?.focus();
    else send(toCredentials(latest.current));
  };

  /** The server refused the credentials: the password is marked invalid (the alert says why) and focused. */
  function markPasswordRefused() {
    setErrors((previous) => ({ ...previous, password: { message: '', fromServer: true } }));
    password.current?.focus();
  }

  return { errors, field, checkbox, handleSubmit, markPasswordRefused };
}
