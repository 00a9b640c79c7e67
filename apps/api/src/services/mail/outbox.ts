import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insertMail } from '../../db/repositories/mail-outbox.ts';
import type { Database } from '../../db/schema.ts';
import type { MailContent } from './mail-content.ts';

/**
 * Writes a message to the outbox; the sender delivers it from there (ADR 037). `customerIds` are the
 * customers whose administrators may read it in `Udsendte e-mails`.
 */
export async function enqueueMail(
  db: Kysely<Database>,
  mail: { to: string; content: MailContent; customerIds: string[]; now: Date },
): Promise<string> {
  const id = randomUUID();
  await insertMail(db, {
    id,
    recipient: mail.to,
    subject: mail.content.subject,
    text: mail.content.text,
    html: mail.content.html,
    customerIds: mail.customerIds,
    now: mail.now,
  });
  return id;
}
