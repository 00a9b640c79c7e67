import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * What the retention job (ADR 042) counts and deletes. Each delete takes at most `limit` rows, the
 * oldest first, so a caller can run one batch per transaction; a row is deleted by a condition, never by
 * a remembered id, so a second instance or a second run finds nothing left and deletes nothing twice.
 */

const countOf = (row: { n: number | string | bigint } | undefined): number => Number(row?.n ?? 0);

/**
 * Rows deleted by age: the table, the column that dates a row, the order a batch takes them in (the
 * oldest first) and what else a due row must satisfy. A batch deletes by `id`.
 */
export type AgedRows = {
  table:
    | 'readings'
    | 'control_readings'
    | 'reading_skips'
    | 'replaced_estimates'
    | 'audit_events'
    | 'mail_outbox'
    | 'self_reading_links';
  datedBy: string;
  oldestFirstBy: string;
  also?: RawBuilder<unknown>;
};

/** Readings by their date; their corrections (`reading_audit`) cascade. */
export const READINGS: AgedRows = { table: 'readings', datedBy: 'date_record', oldestFirstBy: 'id' };
/** Control readings (ADR 049) are kept as long as the readings beside them: by their date. */
export const CONTROL_READINGS: AgedRows = {
  table: 'control_readings',
  datedBy: 'date_record',
  oldestFirstBy: 'id',
};
/** Route skips by the day they were recorded on. */
export const SKIPS: AgedRows = { table: 'reading_skips', datedBy: 'skipped_on', oldestFirstBy: 'id' };
/** Replaced estimates by the day they were estimated for. */
export const REPLACED_ESTIMATES: AgedRows = {
  table: 'replaced_estimates',
  datedBy: 'date_record',
  oldestFirstBy: 'id',
};
/** Outbox messages that are done (sent or failed for good); pending ones are never due. */
export const FINISHED_MAIL: AgedRows = {
  table: 'mail_outbox',
  datedBy: 'created_at',
  oldestFirstBy: 'created_at',
  also: sql`status in ('sent', 'failed')`,
};
/** Self-reading links by their deadline (`YYYY-MM-DD`); their reminders cascade. */
export const SELF_READING_LINKS: AgedRows = {
  table: 'self_reading_links',
  datedBy: 'deadline',
  oldestFirstBy: 'deadline',
};

/** Events of the office's Log with only these names, or all but these; their customer rows cascade. */
export function auditEvents(events: readonly string[], except: boolean): AgedRows {
  return {
    table: 'audit_events',
    datedBy: 'at',
    oldestFirstBy: 'at',
    also: sql`event ${except ? sql`not in` : sql`in`} (${sql.join(events)})`,
  };
}

const dueBefore = (rows: AgedRows, before: string) =>
  rows.also
    ? sql`${sql.ref(rows.datedBy)} < ${before} and ${rows.also}`
    : sql`${sql.ref(rows.datedBy)} < ${before}`;

export async function countBefore(db: Kysely<Database>, rows: AgedRows, before: string): Promise<number> {
  const result = await sql<{ n: number | string | bigint }>`
    select count(*) as n from ${sql.table(rows.table)} where ${dueBefore(rows, before)}`.execute(db);
  return countOf(result.rows[0]);
}

/** Deletes at most `limit` due rows, the oldest first; answers how many. */
export async function deleteBatchBefore(
  db: Kysely<Database>,
  rows: AgedRows,
  before: string,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from ${sql.table(rows.table)} where id in (
      select id from ${sql.table(rows.table)} where ${dueBefore(rows, before)}
      order by ${sql.ref(rows.oldestFirstBy)} limit ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Users disabled before `before` whose personal data is still there. */
export async function countUsersToAnonymise(db: Kysely<Database>, before: string): Promise<number> {
  return countOf(
    await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('disabled', '=', 1)
      .where('anonymised_at', 'is', null)
      .where('disabled_at', '<', before)
      .executeTakeFirst(),
  );
}

export async function selectUsersToAnonymise(db: Kysely<Database>, before: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('disabled', '=', 1)
    .where('anonymised_at', 'is', null)
    .where('disabled_at', '<', before)
    .orderBy('disabled_at')
    .limit(limit)
    .execute();
}

/**
 * Replaces a disabled user's personal data with placeholders and deletes what only identified them:
 * device credentials, set-password links and the e-mails to their address. The row itself stays, so
 * every reading, correction and event keeps its user; the condition makes a second run a no-op.
 */
export async function anonymiseUser(
  db: Kysely<Database>,
  user: { id: string; email: string; name: string; placeholderEmail: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      name: user.name,
      email: user.placeholderEmail,
      password_hash: '',
      reset_password: 0,
      token_version: sql<number>`token_version + 1`,
      anonymised_at: user.now,
      updated_at: user.now,
    })
    .where('id', '=', user.id)
    .where('disabled', '=', 1)
    .where('anonymised_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db.deleteFrom('device_credentials').where('user_id', '=', user.id).execute();
  await db.deleteFrom('password_links').where('user_id', '=', user.id).execute();
  await db
    .deleteFrom('mail_outbox')
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', user.email.toLowerCase()))
    .execute();
  return true;
}
