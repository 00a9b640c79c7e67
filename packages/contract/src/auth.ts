import { z } from 'zod/mini';
import { LOGIN_AREA, MAX_PASSWORD_LENGTH } from './constants.ts';
import { EmailField } from './fields.ts';
import { Guid } from './ids.ts';
import { MESSAGES } from './messages.ts';

/** Body of POST /api/authenticate/userauthenticate/v2. */
export const LoginRequest = z.object({
  email: EmailField,
  // Only required here: the strength rule applies when a password is set, not when one is checked.
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .check(
      z.minLength(1, { error: MESSAGES.passwordRequired }),
      z.maxLength(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordTooLong }),
    ),
  rememberme: z._default(z.boolean({ error: MESSAGES.remembermeInvalid }), false),
  area: z.literal(LOGIN_AREA, { error: MESSAGES.areaInvalid }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The claims the app reads from a successful login. */
export const Claims = z.object({
  /** Token expiry, ISO 8601 in UTC. */
  expires: z.iso.datetime(),
  /** The user's guid. */
  nameIdentifier: Guid,
  name: z.string(),
  role: z.int(),
  /** Comma-separated account guids. */
  accountList: z.string(),
  /** Comma-separated customer guids. */
  customerList: z.string(),
  email: z.string(),
});
export type Claims = z.infer<typeof Claims>;

/** A failed login is also HTTP 200: `Success: false`, `Token: null`, `Claims: null`. */
export const LoginResponse = z.object({
  Success: z.boolean(),
  Message: z.string(),
  ResetPassword: z.boolean(),
  Token: z.nullable(z.string()),
  Claims: z.nullable(Claims),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * POST /api/authenticate/refreshtoken (our addition to the contract): a fresh token for the signed-in
 * user, so 'Forbliv logget ind' in the auto-logout warning can outlast the old token's expiry.
 */
export const TokenRefreshResponse = z.object({
  Token: z.string(),
  /** Expiry of the new token, ISO 8601 in UTC. */
  expires: z.iso.datetime(),
});
export type TokenRefreshResponse = z.infer<typeof TokenRefreshResponse>;

/** POST /api/authenticate/logout: the presented token is revoked on the server. */
export const LogoutResponse = z.object({ Success: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponse>;
