import type { NullUntilSet } from './column-types.ts';

/** Users, customers, accounts and who belongs where. */

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
  /** When the user was last disabled (ISO 8601); null while enabled. The retention job counts from it (ADR 042). */
  disabled_at: NullUntilSet<string>;
  /** When the retention job replaced the user's personal data with placeholders; null until then. */
  anonymised_at: NullUntilSet<string>;
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
