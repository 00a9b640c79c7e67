import { z } from 'zod/mini';
import { SuccessResponse } from './errors.ts';
import {
  CurrentPasswordField,
  EmailField,
  NameField,
  NewPasswordField,
  PasswordRepeatField,
} from './fields.ts';
import { Guid } from './ids.ts';
import { MESSAGES } from './messages.ts';

/** A user record on the wire. Deliberately has no password or hash field. */
export const User = z.object({
  guid: Guid,
  name: z.string(),
  email: z.string(),
  role: z.int(),
  /** Comma-separated account guids. */
  accountList: z.string(),
  /** Comma-separated customer guids. */
  customerList: z.string(),
  resetPassword: z.boolean(),
});
export type User = z.infer<typeof User>;

export const UserList = z.array(User);
export type UserList = z.infer<typeof UserList>;

const passwordsMatch = (value: { password: string; passwordrepeat: string }): boolean =>
  value.password === value.passwordrepeat;
const mismatch = { error: MESSAGES.passwordMismatch, path: ['passwordrepeat'] };

/**
 * Body of POST /api/user/changepassword. `currentpassword` is needed outside the forced reset (an
 * addition to the contract); the reset screen sends only the new password twice.
 */
export const ChangePasswordRequest = z
  .object({
    password: NewPasswordField,
    passwordrepeat: PasswordRepeatField,
    currentpassword: CurrentPasswordField,
  })
  .check(z.refine(passwordsMatch, mismatch));
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** Body of POST /api/user/namepasswordsave; `currentpassword` as for changepassword. */
export const NamePasswordSaveRequest = z
  .object({
    name: NameField,
    password: NewPasswordField,
    passwordrepeat: PasswordRepeatField,
    currentpassword: CurrentPasswordField,
  })
  .check(z.refine(passwordsMatch, mismatch));
export type NamePasswordSaveRequest = z.infer<typeof NamePasswordSaveRequest>;

/**
 * Answer of changepassword and namepasswordsave. A password change ends every token issued before it,
 * so a successful answer carries a fresh `Token` for the session to continue with.
 */
export const PasswordChangeResponse = z.extend(SuccessResponse, { Token: z.optional(z.string()) });
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponse>;

/**
 * Body of POST /api/user/savecurrent: the user's own data plus the account it is saved for; a new
 * e-mail also needs `currentpassword` (an addition to the contract).
 */
export const SaveCurrentUserRequest = z.object({
  name: NameField,
  email: EmailField,
  currentpassword: CurrentPasswordField,
  accountId: z.uuid({ error: MESSAGES.accountInvalid }),
});
export type SaveCurrentUserRequest = z.infer<typeof SaveCurrentUserRequest>;
