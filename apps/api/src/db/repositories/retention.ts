import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * What the retention job (ADR 042) counts and deletes. Each delete takes at most `limit` rows, the
 * oldest first, so a caller can run one batch per transaction; a row is deleted by a condition, never by
 * a remembered id, so a second instance or a second run finds nothing left and deletes nothing twice.
 */

const countOf = (row: { n: number | string | bigint } | undefined): number => Number(row?.n ?? 0);
const deletedOf = (result: { numDeletedRows: bigint }): number => Number(result.numDeletedRows);

/** Readings dated before `before` (`YYYY-MM-DD`); their corrections (`reading_audit`) go with them. */
export async function countReadingsBefore(db: Kysely<Database>, before: string): Promise<number> {
  return countOf(
    await db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('date_record', '<', before)
      .executeTakeFirst(),
  );
}

export async function deleteReadingsBefore(
  db: Kysely<Database>,
  before: string,
  limit: number,
): Promise<number> {
  return deletedOf(
    await db
      .deleteFrom('readings')
      .where('id', 'in', (eb) =>
        eb.selectFrom('readings').select('id').where('date_record', '<', before).orderBy('id').limit(limit),
      )
      .executeTakeFirstOrThrow(),
  );
}

/** Route skips recorded on a day before `before`. */
export async function countSkipsBefore(db: Kysely<Database>, before: string): Promise<number> {
  return countOf(
    await db
      .selectFrom('reading_skips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('skipped_on', '<', before)
      .executeTakeFirst(),
  );
}

export async function deleteSkipsBefore(
  db: Kysely<Database>,
  before: string,
  limit: number,
): Promise<number> {
  return deletedOf(
    await db
      .deleteFrom('reading_skips')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('reading_skips')
          .select('id')
          .where('skipped_on', '<', before)
          .orderBy('id')
          .limit(limit),
      )
      .executeTakeFirstOrThrow(),
  );
}

/** Replaced estimates of a day before `before`. */
export async function countReplacedEstimatesBefore(db: Kysely<Database>, before: string): Promise<number> {
  return countOf(
    await db
      .selectFrom('replaced_estimates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('date_record', '<', before)
      .executeTakeFirst(),
  );
}

export async function deleteReplacedEstimatesBefore(
  db: Kysely<Database>,
  before: string,
  limit: number,
): Promise<number> {
  return deletedOf(
    await db
      .deleteFrom('replaced_estimates')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('replaced_estimates')
          .select('id')
          .where('date_record', '<', before)
          .orderBy('id')
          .limit(limit),
      )
      .executeTakeFirstOrThrow(),
  );
}

/** Which events of the office's Log a rule takes: only these names, or all but these. */
export type EventSelection = { before: string; events: readonly string[]; except: boolean };

export async function countAuditEvents(db: Kysely<Database>, selection: EventSelection): Promise<number> {
  return countOf(
    await db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('at', '<', selection.before)
      .where('event', selection.except ? 'not in' : 'in', [...selection.events])
      .executeTakeFirst(),
  );
}

/** Deletes events with their customer rows (`audit_event_customers` cascades). */
export async function deleteAuditEvents(
  db: Kysely<Database>,
  selection: EventSelection,
  limit: number,
): Promise<number> {
  return deletedOf(
    await db
      .deleteFrom('audit_events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('audit_events')
          .select('id')
          .where('at', '<', selection.before)
          .where('event', selection.except ? 'not in' : 'in', [...selection.events])
          .orderBy('at')
          .limit(limit),
      )
      .executeTakeFirstOrThrow(),
  );
}

/** Outbox messages that are done (sent or failed for good) and were written before `before`. */
export async function countFinishedMailBefore(db: Kysely<Database>, before: string): Promise<number> {
  return countOf(
    await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['sent', 'failed'])
      .where('created_at', '<', before)
      .executeTakeFirst(),
  );
}

export async function deleteFinishedMailBefore(
  db: Kysely<Database>,
  before: string,
  limit: number,
): Promise<number> {
  return deletedOf(
    await db
      .deleteFrom('mail_outbox')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', 'in', ['sent', 'failed'])
          .where('created_at', '<', before)
          .orderBy('created_at')
          .limit(limit),
      )
      .executeTakeFirstOrThrow(),
  );
}

/** Self-reading links whose deadline (`YYYY-MM-DD`) is before `before`; their reminders cascade. */
export async function countSelfReadingLinksBefore(db: Kysely<Database>, before: string): Promise<number> {
  return countOf(
    await db
      .selectFrom('self_reading_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deadline', '<', before)
      .executeTakeFirst(),
  );
}

export async function deleteSelfReadingLinksBefore(
  db: Kysely<Database>,
  before: string,
  limit: number,
): Promise<number> {
  return deletedOf(
    await db
      .deleteFrom('self_reading_links')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('self_reading_links')
          .select('id')
          .where('deadline', '<', before)
          .orderBy('deadline')
          .limit(limit),
      )
      .executeTakeFirstOrThrow(),
  );
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

/** Control readings (ADR 049) are kept as long as the readings beside them: by their date. */
export async function countControlReadingsBefore(db: Kysely<Database>, before: string): Promise<number> {
  return countOf(
    await db
      .selectFrom('control_readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('date_record', '<', before)
      .executeTakeFirst(),
  );
}

export async function deleteControlReadingsBefore(
  db: Kysely<Database>,
  before: string,
  limit: number,
): Promise<number> {
  return deletedOf(
    await db
      .deleteFrom('control_readings')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('control_readings')
          .select('id')
          .where('date_record', '<', before)
          .orderBy('id')
          .limit(limit),
      )
      .executeTakeFirst(),
  );
}
