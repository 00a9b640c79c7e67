import type { Kysely } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// The office's `Log` (issue 39, ADR 041): every security and bulk event is stored besides its log line,
// with the customers whose administrators may read it. User ids carry no foreign key: an event outlives
// the user it names.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('subject_user_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_events_user').on('audit_events').column('user_id').execute();
  await db.schema
    .createIndex('audit_events_subject_user')
    .on('audit_events')
    .column('subject_user_id')
    .execute();

  // One row per customer the event concerns; `at` is repeated here so a customer's page is one index range.
  await db.schema
    .createTable('audit_event_customers')
    .addColumn('event_id', 'text', (c) => c.notNull().references('audit_events.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_event_customers_pk', ['event_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('audit_event_customers_page')
    .on('audit_event_customers')
    .columns(['customer_id', 'at desc', 'event_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_event_customers').execute();
  await db.schema.dropTable('audit_events').execute();
}
