import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MESSAGES } from '@maaler/contract';
import type { Credentials } from '@/lib/session/login-call';

// The login form's checks with the contract's plain rules instead of its zod schema, so that the
// login screen's first load carries no zod. They decide and word every case as LoginRequest does
// (test/features/login-form-rules.test.ts compares the two).

export type LoginFormValues = { email: string; password: string; rememberme: boolean };
export type LoginField = 'email' | 'password';

/** EmailField: trimmed and lower-cased, then required, at most MAX_EMAIL_LENGTH, an e-mail address. */
function emailError(input: string): string | undefined {
  const email = input.trim().toLowerCase();
  if (email.length < 1) return MESSAGES.emailRequired;
  if (email.length > MAX_EMAIL_LENGTH) return MESSAGES.emailTooLong;
  return EMAIL_PATTERN.test(email) ? undefined : MESSAGES.emailInvalid;
}

/** LoginRequest.password: required and at most MAX_PASSWORD_LENGTH, never trimmed. */
function passwordError(password: string): string | undefined {
  if (password.length < 1) return MESSAGES.passwordRequired;
  return password.length > MAX_PASSWORD_LENGTH ? MESSAGES.passwordTooLong : undefined;
}

/** The message for one field of the form, or undefined when it is valid. */
export function loginFieldError(field: LoginField, values: LoginFormValues): string | undefined {
  return field === 'email' ? emailError(values.email) : passwordError(values.password);
}

/** What the form sends when every field is valid: the e-mail as LoginRequest normalises it. */
export function toCredentials(values: LoginFormValues): Credentials {
  return {
    email: values.email.trim().toLowerCase(),
    password: values.password,
    rememberme: values.rememberme,
  };
}
