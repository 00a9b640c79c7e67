import { CompiledQuery, type Kysely } from 'kysely';
import { onPostgres } from '../db/engine/on-postgres.ts';
import type { Database } from '../db/schema.ts';

export type BulkTable = {
  name: keyof Database;
  /** Column names with their PostgreSQL type, in the order of each row's values. */
  columns: readonly (readonly [string, 'integer' | 'text'])[];
};

/** SQLite binds at most 32,766 values per statement; PostgreSQL takes one array per column. */
const SQLITE_MAX_VALUES = 32_766;
const SQLITE_ROWS = 500;
const POSTGRES_ROWS = 20_000;

const quoted = (name: string) => `"${name}"`;

/**
 * Inserts rows given as value lists, many per statement: on SQLite multi-row VALUES (one text per
 * row count, so the connection's statement cache keeps them prepared), on PostgreSQL one `unnest`
 * of an array per column (one parameter per column whatever the row count).
 */
export async function insertRows(
  db: Kysely<Database>,
  table: BulkTable,
  rows: readonly unknown[][],
): Promise<void> {
  const postgres = onPostgres(db);
  const names = table.columns.map(([name]) => quoted(name)).join(', ');
  const head = `insert into ${quoted(table.name)} (${names})`;
  if (postgres) {
    const unnest = table.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    const text = `${head} select * from unnest(${unnest})`;
    for (let from = 0; from < rows.length; from += POSTGRES_ROWS) {
      const chunk = rows.slice(from, from + POSTGRES_ROWS);
      const arrays = table.columns.map((_, i) => chunk.map((row) => row[i]));
      await db.executeQuery(CompiledQuery.raw(text, arrays));
    }
    return;
  }
  const width = table.columns.length;
  const perStatement = Math.min(SQLITE_ROWS, Math.floor(SQLITE_MAX_VALUES / width));
  const tuple = `(${Array.from({ length: width }, () => '?').join(', ')})`;
  const full = `${head} values ${Array.from({ length: perStatement }, () => tuple).join(', ')}`;
  for (let from = 0; from < rows.length; from += perStatement) {
    const chunk = rows.slice(from, from + perStatement);
    const text =
      chunk.length === perStatement
        ? full
        : `${head} values ${Array.from({ length: chunk.length }, () => tuple).join(', ')}`;
    await db.executeQuery(CompiledQuery.raw(text, chunk.flat()));
  }
}

/** A row object's values in the table's column order. */
export const valuesIn =
  (table: BulkTable) =>
  (row: object): unknown[] =>
    table.columns.map(([name]) => (row as Record<string, unknown>)[name] ?? null);

export const TABLES = {
  customers: {
    name: 'customers',
    columns: [
      ['id', 'text'],
      ['name', 'text'],
      ['address', 'text'],
      ['postal', 'text'],
      ['town', 'text'],
      ['created_at', 'text'],
    ],
  },
  accounts: {
    name: 'accounts',
    columns: [
      ['id', 'text'],
      ['customer_id', 'text'],
      ['name', 'text'],
      ['created_at', 'text'],
    ],
  },
  accountSettings: {
    name: 'account_settings',
    columns: [
      ['account_id', 'text'],
      ['key', 'text'],
      ['value', 'text'],
      ['updated_at', 'text'],
    ],
  },
  users: {
    name: 'users',
    columns: [
      ['id', 'text'],
      ['email', 'text'],
      ['name', 'text'],
      ['password_hash', 'text'],
      ['role', 'integer'],
      ['reset_password', 'integer'],
      ['disabled', 'integer'],
      ['token_version', 'integer'],
      ['created_at', 'text'],
      ['updated_at', 'text'],
    ],
  },
  userCustomers: {
    name: 'user_customers',
    columns: [
      ['user_id', 'text'],
      ['customer_id', 'text'],
    ],
  },
  userAccounts: {
    name: 'user_accounts',
    columns: [
      ['user_id', 'text'],
      ['account_id', 'text'],
    ],
  },
  gateways: {
    name: 'gateways',
    columns: [
      ['id', 'integer'],
      ['account_id', 'text'],
      ['name', 'text'],
      ['address', 'text'],
      ['sequence', 'integer'],
    ],
  },
  devices: {
    name: 'devices',
    columns: [
      ['id', 'integer'],
      ['gateway_id', 'integer'],
      ['name', 'text'],
      ['type', 'text'],
      ['manual', 'integer'],
      ['serial_number', 'text'],
      ['sequence', 'integer'],
    ],
  },
  deviceItems: {
    name: 'device_items',
    columns: [
      ['id', 'integer'],
      ['device_id', 'integer'],
      ['name', 'text'],
      ['unit', 'text'],
      ['register_digits', 'integer'],
      ['counts_up_only', 'integer'],
    ],
  },
  readings: {
    name: 'readings',
    columns: [
      ['id', 'integer'],
      ['device_item_id', 'integer'],
      ['date_record', 'text'],
      ['value', 'text'],
      ['registered_at', 'text'],
      ['registered_by', 'text'],
      ['plausibility_override', 'integer'],
      ['approved_by', 'text'],
      ['approved_at', 'text'],
      ['source', 'text'],
      ['entered_at', 'text'],
    ],
  },
  readingAudit: {
    name: 'reading_audit',
    columns: [
      ['id', 'integer'],
      ['reading_id', 'integer'],
      ['old_value', 'text'],
      ['new_value', 'text'],
      ['changed_at', 'text'],
      ['changed_by', 'text'],
      ['plausibility_override', 'integer'],
      ['source', 'text'],
      ['entered_at', 'text'],
    ],
  },
  readingSkips: {
    name: 'reading_skips',
    columns: [
      ['id', 'integer'],
      ['account_id', 'text'],
      ['gateway_id', 'integer'],
      ['device_id', 'integer'],
      ['reason', 'text'],
      ['note', 'text'],
      ['skipped_on', 'text'],
      ['created_by', 'text'],
      ['created_at', 'text'],
    ],
  },
} as const satisfies Record<string, BulkTable>;
