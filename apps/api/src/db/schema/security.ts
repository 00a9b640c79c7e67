import type { NullUntilSet } from './column-types.ts';

/** Sign-in support: the throttle, revoked tokens, the signing key, device credentials and set-password links. */

export interface LoginThrottleTable {
  /**
   * "email:<address>", "email-ip:<address>|<client address>", "ip:<client address>", "email-change:<user id>",
   * or a reset request's "reset-email:<address>" / "reset-ip:<client address>".
   */
  scope: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/** Tokens ended before their expiry (logout, refresh); kept until they would have expired anyway. */
export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

/** Offline sign-in (ADR 034): a credential a device exchanges for a token of the session it was issued in. */
export interface DeviceCredentialsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the secret, hex; the secret itself is never stored. */
  secret_hash: string;
  /** The user's token version at issue: a password change or disabling bumps it, ending the credential. */
  token_version: number;
  /** The session's start (its tokens' `auth_time`), ISO 8601. */
  session_started_at: string;
  /** The session's absolute end. */
  expires_at: string;
  created_at: string;
  revoked_at: NullUntilSet<string>;
}

/** A set-password link (reset or invitation): single use, until `expires_at`. */
export interface PasswordLinksTable {
  /** SHA-256 of the link's token, hex; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  purpose: 'reset' | 'invitation';
  expires_at: string;
  created_at: string;
  used_at: NullUntilSet<string>;
}

/** The office's `Log` (ADR 041): one security or bulk event; `details` is small JSON without secrets. */
export interface AuditEventsTable {
  id: string;
  at: string;
  event: string;
  /** Who did it; null when nobody was signed in. */
  user_id: string | null;
  /** Whom it is about (the user changed, the user signing in); null when nobody is known. */
  subject_user_id: string | null;
  account_id: string | null;
  details: string;
}

/** The customers whose administrators see an event in `Log`; none for an event about no customer. */
export interface AuditEventCustomersTable {
  event_id: string;
  customer_id: string;
  at: string;
}

/** An API key of a customer's machine client (ADR 051): it authenticates the readings import only. */
export interface ApiKeysTable {
  id: string;
  customer_id: string;
  name: string;
  /** SHA-256 of the key, hex; the key itself is never stored. */
  key_hash: string;
  /** The key's first characters, shown to recognise it. */
  prefix: string;
  /** The key's own user row (no role, cannot sign in): the readings and events it causes name it. */
  source_user_id: string;
  created_by: string | null;
  created_at: string;
  revoked_by: NullUntilSet<string>;
  revoked_at: NullUntilSet<string>;
  last_used_at: NullUntilSet<string>;
}
