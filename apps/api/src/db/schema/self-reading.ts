import type { NullUntilSet } from './column-types.ts';

/** A resident's self-reading link (ADR 039): one meter, one reading period, until its deadline. */
export interface SelfReadingLinksTable {
  id: string;
  /** SHA-256 of the link's token, hex; the token itself is never stored. */
  token_hash: string;
  device_id: number;
  account_id: string;
  /** `YYYY-MM-DD`: the reading period the link reads. */
  period_start: string;
  period_end: string;
  /** `YYYY-MM-DD`: the last day (Copenhagen) the link takes values. */
  deadline: string;
  /** Where the receipt goes; null: no e-mail. */
  recipient_email: string | null;
  created_at: string;
  /** The user who issued the link; readings sent by it are registered in their name (ADR 039). */
  created_by: string;
  last_reading_at: NullUntilSet<string>;
  /** SHA-256 of the link's short code for letters (ADR 043), hex; null for links issued before codes. */
  code_hash: NullUntilSet<string>;
}

/** One reminder sent for a link (issue 35); the key (link_id, step) makes each step go out once. */
export interface SelfReadingRemindersTable {
  link_id: string;
  /** Which reminder of the round, e.g. `before-deadline`. */
  step: string;
  sent_at: string;
}

/**
 * A further token of a link (ADR 044): a reminder's or the `Ingen adgang` invitation's, so its e-mail
 * carries a working address while only hashes are stored. One per link and purpose.
 */
export interface SelfReadingLinkTokensTable {
  /** SHA-256 of the token, hex. */
  token_hash: string;
  link_id: string;
  /** Why it was issued: a reminder step, or `ingen-adgang`. */
  purpose: string;
  created_at: string;
}
