import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Photos and notes on readings (issue 36, ADR 045). `photos` holds every upload's facts, and its JPEG
// bytes unless PHOTO_STORE names an object store (then `bytes` stays null). A reading's photo and
// note live in `reading_evidence`, one row per reading that has either, so `readings` and the
// PostgreSQL function that writes it stay as they are.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('bytes', binary)
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photos_uploaded_at').on('photos').column('uploaded_at').execute();
  await db.schema.createIndex('photos_uploaded_by').on('photos').column('uploaded_by').execute();

  await db.schema
    .createTable('reading_evidence')
    .addColumn('reading_id', 'integer', (c) => c.primaryKey().references('readings.id').onDelete('cascade'))
    .addColumn('photo_id', 'text', (c) => c.references('photos.id'))
    .addColumn('note', 'text')
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reading_evidence_photo').on('reading_evidence').column('photo_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reading_evidence').execute();
  await db.schema.dropTable('photos').execute();
}
