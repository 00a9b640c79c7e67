import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insertMails } from '../../db/repositories/mail-outbox.ts';
import type { Database } from '../../db/schema.ts';
import type { MailContent } from './mail-content.ts';

export type OutgoingMail = { to: string; content: MailContent; customerIds: string[]; now: Date };

/**
 * Writes messages to the outbox in a few statements; the sender delivers them from there (ADR 037).
 * `customerIds` are the customers whose administrators may read one in `Udsendte e-mails`.
 */
export async function enqueueMails(db: Kysely<Database>, mails: readonly OutgoingMail[]): Promise<string[]> {
  const rows = mails.map((mail) => ({
    id: randomUUID(),
    recipient: mail.to,
    subject: mail.content.subject,
    text: mail.content.text,
    html: mail.content.html,
    customerIds: mail.customerIds,
    now: mail.now,
  }));
  await insertMails(db, rows);
  return rows.map((row) => row.id);
}

/** Writes one message to the outbox (see `enqueueMails`); answers its id. */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<string> {
  const [id] = await enqueueMails(db, [mail]);
  if (id === undefined) throw new Error('the outbox took no message');
  return id;
}
