import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../engine/connection.ts';
import type { Database, MailOutboxTable } from '../schema.ts';

export type NewMail = {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  customerIds: string[];
  now: Date;
};

/** Writes messages to the outbox in two statements, due at once, with the customers each belongs to. */
export async function insertMails(db: Kysely<Database>, mails: readonly NewMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto('mail_outbox')
    .values(
      mails.map((mail) => ({
        id: mail.id,
        recipient: mail.recipient,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        next_attempt_at: mail.now.toISOString(),
        created_at: mail.now.toISOString(),
      })),
    )
    .execute();
  const owners = mails.flatMap((mail) =>
    [...new Set(mail.customerIds)].map((customerId) => ({ mail_id: mail.id, customer_id: customerId })),
  );
  if (owners.length > 0) await db.insertInto('mail_outbox_customers').values(owners).execute();
}

export type ClaimedMail = Pick<
  MailOutboxTable,
  'id' | 'recipient' | 'subject' | 'text_body' | 'html_body'
> & {
  /** This attempt's number, from 1. */
  attempts: number;
};

/**
 * Claims up to `limit` due messages for one sender run in a single statement, counting the attempt:
 * pending, due, and not held by a live claim. The conditions stand in the outer WHERE too, so on
 * PostgreSQL a row another sender claimed meanwhile is re-checked and left out; `skip locked` lets
 * parallel senders pass each other's rows instead of waiting. The lease ends a crashed sender's claim.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  kind: DatabaseKind,
  claim: { claimId: string; now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedMail[]> {
  const now = claim.now.toISOString();
  let due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .limit(claim.limit);
  if (kind === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({
      claim_id: claim.claimId,
      claimed_until: claim.leaseUntil.toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .returning(['id', 'recipient', 'subject', 'text_body', 'html_body', 'attempts'])
    .execute();
}

/**
 * Marks claimed messages sent in one statement; answers how many were still this claim's (fewer when
 * a lease ran out and another sender took some).
 */
export async function markMailsSent(
  db: Kysely<Database>,
  mails: { ids: readonly string[]; claimId: string; now: Date },
): Promise<number> {
  if (mails.ids.length === 0) return 0;
  const result = await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: mails.now.toISOString(),
      claim_id: null,
      claimed_until: null,
      last_error: null,
    })
    .where('id', 'in', [...mails.ids])
    .where('claim_id', '=', mails.claimId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** After a refused send: due again at `nextAttemptAt`, or `failed` for good after the last attempt. */
export async function markMailAttemptFailed(
  db: Kysely<Database>,
  mail: { id: string; claimId: string; error: string; nextAttemptAt: Date | null },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: mail.nextAttemptAt === null ? 'failed' : 'pending',
      ...(mail.nextAttemptAt === null ? {} : { next_attempt_at: mail.nextAttemptAt.toISOString() }),
      last_error: mail.error,
      claim_id: null,
      claimed_until: null,
    })
    .where('id', '=', mail.id)
    .where('claim_id', '=', mail.claimId)
    .execute();
}

const ofCustomers = (db: Kysely<Database>, customerIds: string[]) =>
  db
    .selectFrom('mail_outbox_customers')
    .select('mail_outbox_customers.mail_id')
    .where('mail_outbox_customers.customer_id', 'in', customerIds);

const SUMMARY = [
  'id',
  'recipient',
  'subject',
  'status',
  'created_at',
  'sent_at',
  'attempts',
] as const satisfies (keyof MailOutboxTable)[];

/** One page of the messages that belong to any of the customers, newest first, and their total. */
export async function selectMailPage(
  db: Kysely<Database>,
  customerIds: string[],
  page: { offset: number; limit: number },
) {
  if (customerIds.length === 0) return { rows: [], total: 0 };
  const [rows, count] = await Promise.all([
    db
      .selectFrom('mail_outbox')
      .select(SUMMARY)
      .where('id', 'in', ofCustomers(db, customerIds))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('id', 'in', ofCustomers(db, customerIds))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** One message, when it belongs to any of the customers. */
export function selectMailOfCustomers(db: Kysely<Database>, id: string, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('mail_outbox')
    .select([...SUMMARY, 'text_body', 'last_error'])
    .where('id', '=', id)
    .where('id', 'in', ofCustomers(db, customerIds))
    .executeTakeFirst();
}
