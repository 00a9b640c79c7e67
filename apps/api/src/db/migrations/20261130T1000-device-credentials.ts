import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Offline sign-in (issue 33, ADR 034): a device credential lets a phone that signed in online with
// `Husk mig` get a token of that same session later. Only a hash of its secret is kept; it ends with
// the session's absolute end, and logout, a password change or disabling the user revoke it.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('session_started_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('device_credentials_user_session')
    .on('device_credentials')
    .columns(['user_id', 'session_started_at'])
    .execute();
  await db.schema
    .createIndex('device_credentials_expires_at')
    .on('device_credentials')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_credentials').execute();
}
