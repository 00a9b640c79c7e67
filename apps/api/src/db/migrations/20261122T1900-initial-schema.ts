import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serialId = postgres ? 'serial' : 'integer';
  // biome-ignore lint/suspicious/noExplicitAny: column builder type is internal to Kysely
  const idColumn = (c: any) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'integer')
    .addColumn('reset_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('postal', 'text', (c) => c.notNull())
    .addColumn('town', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_customer_idx').on('accounts').column('customer_id').execute();

  await db.schema
    .createTable('account_settings')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_settings_pk', ['account_id', 'key'])
    .execute();

  await db.schema
    .createTable('user_customers')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_customers_pk', ['user_id', 'customer_id'])
    .execute();

  await db.schema
    .createTable('user_accounts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_accounts_pk', ['user_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('gateways')
    .addColumn('id', serialId, idColumn)
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('gateways_account_idx').on('gateways').column('account_id').execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', serialId, idColumn)
    .addColumn('gateway_id', 'integer', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('heat', 'water', 'electricity', 'gas', 'other')`),
    )
    .addColumn('manual', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('serial_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('devices_gateway_idx').on('devices').column('gateway_id').execute();

  await db.schema
    .createTable('device_items')
    .addColumn('id', serialId, idColumn)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_items_device_idx').on('device_items').column('device_id').execute();

  await db.schema
    .createTable('readings')
    .addColumn('id', serialId, idColumn)
    .addColumn('device_item_id', 'integer', (c) =>
      c.notNull().references('device_items.id').onDelete('cascade'),
    )
    .addColumn('date_record', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addColumn('registered_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('plausibility_override', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('readings_item_date_uq', ['device_item_id', 'date_record'])
    .execute();

  await db.schema
    .createTable('reading_audit')
    .addColumn('id', serialId, idColumn)
    .addColumn('reading_id', 'integer', (c) => c.notNull().references('readings.id').onDelete('cascade'))
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('plausibility_override', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('reading_audit_reading_idx').on('reading_audit').column('reading_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'app_secrets',
    'login_throttle',
    'idempotency_keys',
    'reading_audit',
    'readings',
    'device_items',
    'devices',
    'gateways',
    'user_accounts',
    'user_customers',
    'account_settings',
    'accounts',
    'customers',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
