import type { NullUntilSet, WithDefault } from './column-types.ts';

/** The e-mail outbox (ADR 037). */

/** E-mail outbox (ADR 037): written first, sent by the mail sender with retries. */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: WithDefault<'pending' | 'sent' | 'failed'>;
  attempts: WithDefault<number>;
  next_attempt_at: string;
  /** The sender run that holds the message until `claimed_until`; another may take it after that. */
  claim_id: NullUntilSet<string>;
  claimed_until: NullUntilSet<string>;
  last_error: NullUntilSet<string>;
  created_at: string;
  sent_at: NullUntilSet<string>;
}

/** The customers whose administrators see a message in `Udsendte e-mails`. */
export interface MailOutboxCustomersTable {
  mail_id: string;
  customer_id: string;
}
