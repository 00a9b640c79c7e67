import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { EMAIL_PATTERN, PASSWORD_PATTERN } from './rules.ts';

// Building blocks shared by the request schemas of several API areas.

/**
 * C0 and C1 control characters (NUL included) and the bidi embedding, override and isolate marks,
 * which can make a stored name display as something else. Refused in every name and setting.
 */
const CONTROL_OR_BIDI = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
export const hasNoControlCharacters = (text: string): boolean => !CONTROL_OR_BIDI.test(text);
export const CONTROL_CHARACTERS_REFUSED = { error: MESSAGES.textControlCharacters };

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
  .max(MAX_NAME_LENGTH, { error: MESSAGES.nameTooLong })
  .refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED);

/**
 * The user's present password, asked for before a change of password or e-mail outside the forced
 * reset. Optional in the schema: whether it is needed depends on the user's reset flag.
 */
export const CurrentPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .max(MAX_PASSWORD_LENGTH, { error: MESSAGES.currentPasswordTooLong })
  .optional();
