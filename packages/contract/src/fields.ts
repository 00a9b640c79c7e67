import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { EMAIL_PATTERN, PASSWORD_PATTERN } from './rules.ts';

// Building blocks shared by the request schemas of several API areas.

/** E-mail as typed: trimmed and lower-cased, so look-ups do not depend on how the user capitalised it. */
export const EmailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: MESSAGES.emailRequired })
  .max(MAX_EMAIL_LENGTH, { error: MESSAGES.emailTooLong })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: MESSAGES.emailInvalid }));

/** A new password: the shared password rule. Never trimmed, since spaces would fail the rule anyway. */
export const NewPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .max(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordTooLong })
  .regex(PASSWORD_PATTERN, { error: MESSAGES.passwordRule });

export const PasswordRepeatField = z
  .string({ error: MESSAGES.passwordRepeatRequired })
  .min(1, { error: MESSAGES.passwordRepeatRequired })
  .max(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordTooLong });

export const NameField = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, { error: MESSAGES.nameRequired })
  .max(MAX_NAME_LENGTH, { error: MESSAGES.nameTooLong });
