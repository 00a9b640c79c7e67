import type { ReadingSource } from '@maaler/contract';
import type { ColumnType, Generated } from 'kysely';

/** A nullable column that inserts may leave out (it starts as null). */
type NullUntilSet<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A column with a database default that inserts may leave out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

/**
 * Table types for Kysely. Flags are stored as 0/1 integers and timestamps as ISO 8601 UTC text on
 * both SQLite and PostgreSQL, so the same queries and the same rows work on both (docs/decisions/002).
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  /** null: the user has no access at all. */
  role: number | null;
  reset_password: number;
  disabled: number;
  /** Bumped on every password change; tokens carry it, so older tokens stop working. */
  token_version: number;
  created_at: string;
  updated_at: string;
}

export interface CustomersTable {
  id: string;
  name: string;
  address: string;
  postal: string;
  town: string;
  created_at: string;
}

export interface AccountsTable {
  id: string;
  customer_id: string;
  name: string;
  created_at: string;
}

export interface AccountSettingsTable {
  account_id: string;
  key: string;
  value: string;
  updated_at: string;
}

export interface UserCustomersTable {
  user_id: string;
  customer_id: string;
}

export interface UserAccountsTable {
  user_id: string;
  account_id: string;
}

export interface GatewaysTable {
  id: Generated<number>;
  account_id: string;
  name: string;
  address: string;
  /** Place in the route (lower first); null: after those with one, by name. */
  sequence: number | null;
}

export interface DevicesTable {
  id: Generated<number>;
  gateway_id: number;
  name: string;
  /** heat | water | electricity | gas | other */
  type: string;
  /** 1: read by hand, 0: read automatically. */
  manual: number;
  /**
   * As printed on the meter; '' when unknown. Unique within the customer, ignoring case, retired
   * meters included: the index devices_customer_serial_idx on (customer_id, lower(serial_number)).
   */
  serial_number: string;
  /** The meter's customer, for the unique serial number; set by the devices_customer trigger on insert. */
  customer_id: ColumnType<string, never, never>;
  /** Place in its location's route (lower first); null: after those with one, by name. */
  sequence: number | null;
  /** When a meter change (ADR 019) replaced it: it keeps its history, takes no new readings; null while in use. */
  retired_at: NullUntilSet<string>;
  /** `YYYY-MM-DD` it was put in place (ADR 020): no reading before; null when not known. */
  installed_on: NullUntilSet<string>;
  /** `YYYY-MM-DD` it was added to the system; null for meters added before that was kept. */
  added_on: NullUntilSet<string>;
}

/** A meter replaced by a new one on a day (ADR 019); the final and start readings are readings of that day. */
export interface MeterChangesTable {
  id: Generated<number>;
  old_device_id: number;
  new_device_id: number;
  /** `YYYY-MM-DD`: the date of the old meter's final and the new meter's start reading. */
  changed_on: string;
  created_by: string;
  created_at: string;
}

/** Which point of the new meter continues which point of the old one. */
export interface MeterChangeItemsTable {
  meter_change_id: number;
  old_item_id: number;
  new_item_id: number;
}

export interface DeviceItemsTable {
  id: Generated<number>;
  device_id: number;
  name: string;
  unit: string;
  /** Integer digits of the register (ADR 020); null when not declared. */
  register_digits: NullUntilSet<number>;
  /** 1: declared as never resetting, only counting up (ADR 020); 0: not declared. */
  counts_up_only: WithDefault<number>;
}

export interface ReadingsTable {
  id: Generated<number>;
  device_item_id: number;
  /** ISO calendar date YYYY-MM-DD. */
  date_record: string;
  /** Canonical decimal text with a dot ("1234.5"): exactly what the user typed, never a float. */
  value: string;
  registered_at: string;
  registered_by: string;
  plausibility_override: number;
  /**
   * 1: on `Til kontrol`: the contract's plausibility rule warned about the value when the server
   * wrote it (issue 32), whatever the client sent.
   */
  needs_review: WithDefault<number>;
  /** Who marked a reading to review (`needs_review` 1) `Godkendt`; null until then, and again after a change of value. */
  approved_by: NullUntilSet<string>;
  approved_at: NullUntilSet<string>;
  /** `web`, `offline`, `import`, `cli` or `estimate` (ADR 017); of the current value. */
  source: WithDefault<ReadingSource>;
  /** ISO 8601 in UTC: when an `offline` reading was entered on the device; null for the others. */
  entered_at: NullUntilSet<string>;
}

export interface ReadingAuditTable {
  id: Generated<number>;
  reading_id: number;
  /** null when the change created the reading. */
  old_value: string | null;
  new_value: string;
  changed_at: string;
  changed_by: string;
  plausibility_override: number;
  /** The source of the value this change wrote, so a replaced reading's earlier source stays known. */
  source: WithDefault<ReadingSource>;
  entered_at: NullUntilSet<string>;
}

/**
 * An estimate (`Estimeret`, ADR 021) that a real reading of its period replaced: the estimate's row is
 * deleted from `readings`, so this is its trail, never shown as a correction.
 */
export interface ReplacedEstimatesTable {
  id: Generated<number>;
  device_item_id: number;
  date_record: string;
  value: string;
  estimated_at: string;
  estimated_by: string;
  replaced_at: string;
  replaced_by: string;
  /** The real reading that replaced it: its date, value and source. */
  replacing_date: string;
  replacing_value: string;
  replacing_source: ReadingSource;
}

/** A meter not read in a period, and why; never changed, so the rows are their own audit trail. */
export interface ReadingSkipsTable {
  id: Generated<number>;
  account_id: string;
  gateway_id: number;
  device_id: number;
  /** Ingen adgang | Måler defekt | Måler ikke fundet | Andet */
  reason: string;
  note: string | null;
  /**
   * The calendar day in Copenhagen it was recorded on, `YYYY-MM-DD`: what decides its reading period.
   * One skip per meter, reason, note, user and day (reading_skips_once_a_day_idx).
   */
  skipped_on: string;
  created_by: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: string;
}

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

/** E-mail outbox (ADR 037): written first, sent by the mail sender with retries. */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: WithDefault<'pending' | 'sent' | 'failed'>;
  attempts: WithDefault<number>;
  next_attempt_at: string;
  /** The sender run that holds the message until `claimed_until`; another may take it after that. */
  claim_id: NullUntilSet<string>;
  claimed_until: NullUntilSet<string>;
  last_error: NullUntilSet<string>;
  created_at: string;
  sent_at: NullUntilSet<string>;
}

/** The customers whose administrators see a message in `Udsendte e-mails`. */
export interface MailOutboxCustomersTable {
  mail_id: string;
  customer_id: string;
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

export interface Database {
  users: UsersTable;
  customers: CustomersTable;
  accounts: AccountsTable;
  account_settings: AccountSettingsTable;
  user_customers: UserCustomersTable;
  user_accounts: UserAccountsTable;
  gateways: GatewaysTable;
  devices: DevicesTable;
  device_items: DeviceItemsTable;
  meter_changes: MeterChangesTable;
  meter_change_items: MeterChangeItemsTable;
  readings: ReadingsTable;
  reading_audit: ReadingAuditTable;
  replaced_estimates: ReplacedEstimatesTable;
  reading_skips: ReadingSkipsTable;
  idempotency_keys: IdempotencyKeysTable;
  login_throttle: LoginThrottleTable;
  app_secrets: AppSecretsTable;
  revoked_tokens: RevokedTokensTable;
  device_credentials: DeviceCredentialsTable;
  mail_outbox: MailOutboxTable;
  mail_outbox_customers: MailOutboxCustomersTable;
  password_links: PasswordLinksTable;
}
