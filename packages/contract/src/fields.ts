import { z } from 'zod/mini';
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
export const EmailField = z.pipe(
  z
    .string({ error: MESSAGES.emailRequired })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: MESSAGES.emailRequired }),
      z.maxLength(MAX_EMAIL_LENGTH, { error: MESSAGES.emailTooLong }),
    ),
  z.email({ pattern: EMAIL_PATTERN, error: MESSAGES.emailInvalid }),
);

/** A new password: the shared password rule. Never trimmed, since spaces would fail the rule anyway. */
export const NewPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .check(
    z.minLength(1, { error: MESSAGES.passwordRequired }),
    z.maxLength(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordTooLong }),
    z.regex(PASSWORD_PATTERN, { error: MESSAGES.passwordRule }),
  );

export const PasswordRepeatField = z
  .string({ error: MESSAGES.passwordRepeatRequired })
  .check(
    z.minLength(1, { error: MESSAGES.passwordRepeatRequired }),
    z.maxLength(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordTooLong }),
  );

export const NameField = z
  .string({ error: MESSAGES.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: MESSAGES.nameRequired }),
    z.maxLength(MAX_NAME_LENGTH, { error: MESSAGES.nameTooLong }),
    z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
  );

/**
 * The user's present password, asked for before a change of password or e-mail outside the forced
 * reset. Optional in the schema: whether it is needed depends on the user's reset flag.
 */
export const CurrentPasswordField = z.optional(
  z
    .string({ error: MESSAGES.passwordRequired })
    .check(z.maxLength(MAX_PASSWORD_LENGTH, { error: MESSAGES.currentPasswordTooLong })),
);
