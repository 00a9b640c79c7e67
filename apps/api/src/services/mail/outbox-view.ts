import { OUTBOX_PAGE_SIZE, type OutboxMessage, type OutboxPage } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { customerIdsOf } from '../../db/repositories/access.ts';
import { selectMailOfCustomers, selectMailPage } from '../../db/repositories/mail-outbox.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import { NotFoundError } from '../../domain/errors.ts';

type SummaryRow = Awaited<ReturnType<typeof selectMailPage>>['rows'][number];

const summary = (row: SummaryRow) => ({
  id: row.id,
  to: row.recipient,
  subject: row.subject,
  status: row.status,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  attempts: row.attempts,
});

/** `Udsendte e-mails`: one page of the messages of the administrator's customers, newest first. */
export async function outboxPage(db: Kysely<Database>, admin: AuthUser, page: number): Promise<OutboxPage> {
  const customerIds = await customerIdsOf(db, admin);
  const { rows, total } = await selectMailPage(db, customerIds, {
    offset: (page - 1) * OUTBOX_PAGE_SIZE,
    limit: OUTBOX_PAGE_SIZE,
  });
  return { messages: rows.map(summary), total, page, pageSize: OUTBOX_PAGE_SIZE };
}

/** One message with its text; 404 unless it belongs to one of the administrator's customers. */
export async function outboxMessage(
  db: Kysely<Database>,
  admin: AuthUser,
  id: string,
): Promise<OutboxMessage> {
  const row = await selectMailOfCustomers(db, id, await customerIdsOf(db, admin));
  if (!row) throw new NotFoundError();
  return { ...summary(row), text: row.text_body, lastError: row.last_error };
}
