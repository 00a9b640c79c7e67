import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export type NewAuditEvent = {
  id: string;
  at: Date;
  event: string;
  userId: string | null;
  subjectUserId: string | null;
  /** Looked up when the event names its user by e-mail only (a failed sign-in). */
  subjectEmail: string | null;
  accountId: string | null;
  /** The customer an event is about when it names no account (an API key's); null otherwise. */
  customerId?: string | null;
  details: Record<string, string | number | boolean>;
};

/**
 * The customers an event concerns: the customer it names (an API key's event), else the account's
 * customer when it is about an account, else those of the user it is about, else those of the user who
 * did it.
 */
async function customersOfEvent(
  db: Kysely<Database>,
  event: {
    accountId: string | null;
    customerId?: string | null | undefined;
    subjectUserId: string | null;
    userId: string | null;
  },
): Promise<string[]> {
  if (event.customerId) return [event.customerId];
  if (event.accountId !== null) {
    const rows = await db
      .selectFrom('accounts')
      .select('customer_id')
      .where('id', '=', event.accountId)
      .execute();
    return rows.map((row) => row.customer_id);
  }
  const userId = event.subjectUserId ?? event.userId;
  if (userId === null) return [];
  const rows = await db
    .selectFrom('user_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.customer_id);
}

/** Stores one event with the customers it concerns; pass a transaction to make it part of a change. */
export async function insertAuditEvent(db: Kysely<Database>, event: NewAuditEvent): Promise<void> {
  let subjectUserId = event.subjectUserId;
  if (subjectUserId === null && event.subjectEmail !== null) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', event.subjectEmail.toLowerCase())
      .executeTakeFirst();
    subjectUserId = user?.id ?? null;
  }
  const at = event.at.toISOString();
  await db
    .insertInto('audit_events')
    .values({
      id: event.id,
      at,
      event: event.event,
      user_id: event.userId,
      subject_user_id: subjectUserId,
      account_id: event.accountId,
      details: JSON.stringify(event.details),
    })
    .execute();
  const customerIds = await customersOfEvent(db, { ...event, subjectUserId });
  if (customerIds.length > 0) {
    await db
      .insertInto('audit_event_customers')
      .values(customerIds.map((customerId) => ({ event_id: event.id, customer_id: customerId, at })))
      .execute();
  }
}

export type AuditFilter = {
  /** Events done by or about this user. */
  userId?: string;
  event?: string;
  /** Inclusive start and exclusive end, ISO 8601 instants. */
  from?: string;
  until?: string;
};

const LISTED = [
  'audit_events.id',
  'audit_events.at',
  'audit_events.event',
  'audit_events.user_id',
  'audit_events.subject_user_id',
  'audit_events.details',
  'actor.name as user_name',
  'subject.name as subject_name',
  'accounts.name as account_name',
] as const;

function ofCustomers(db: Kysely<Database>, customerIds: string[], filter: AuditFilter) {
  let events = db
    .selectFrom('audit_event_customers')
    .select('audit_event_customers.event_id')
    .where('audit_event_customers.customer_id', 'in', customerIds);
  if (filter.from !== undefined) events = events.where('audit_event_customers.at', '>=', filter.from);
  if (filter.until !== undefined) events = events.where('audit_event_customers.at', '<', filter.until);
  let query = db
    .selectFrom('audit_events')
    .leftJoin('users as actor', 'actor.id', 'audit_events.user_id')
    .leftJoin('users as subject', 'subject.id', 'audit_events.subject_user_id')
    .leftJoin('accounts', 'accounts.id', 'audit_events.account_id')
    .where('audit_events.id', 'in', events);
  if (filter.event !== undefined) query = query.where('audit_events.event', '=', filter.event);
  const { userId } = filter;
  if (userId !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('audit_events.user_id', '=', userId), eb('audit_events.subject_user_id', '=', userId)]),
    );
  }
  return query;
}

/** One page of the events of any of the customers, newest first, and their total. */
export async function selectAuditPage(
  db: Kysely<Database>,
  customerIds: string[],
  filter: AuditFilter,
  page: { offset: number; limit: number },
) {
  if (customerIds.length === 0) return { rows: [], total: 0 };
  const [rows, count] = await Promise.all([
    ofCustomers(db, customerIds, filter)
      .select(LISTED)
      .orderBy('audit_events.at', 'desc')
      .orderBy('audit_events.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    ofCustomers(db, customerIds, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every stored event done by or about one user, newest first (for `Mine data`). */
export function selectEventsAboutUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('audit_events')
    .select(['id', 'at', 'event', 'user_id', 'subject_user_id', 'account_id', 'details'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('subject_user_id', '=', userId)]))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
