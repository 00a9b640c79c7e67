import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { DatabaseKind } from '../../db/engine/connection.ts';
import { claimDueMail, markMailAttemptFailed, markMailsSent } from '../../db/repositories/mail-outbox.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../shared/clock.ts';
import { nextAttemptAt } from './backoff.ts';
import type { MailTransport } from './smtp-transport.ts';

/**
 * Messages claimed per statement, sent at once over the transport's pooled connections and marked
 * sent in one statement: 10,000 invitations are 200 claims, not 10,000 (issue 35, ADR 044).
 */
const BATCH = 50;
/**
 * How long a claim holds a message: a batch's turns through the pool each within the SMTP timeouts,
 * well under this, so only a crashed sender's claim lapses.
 */
const LEASE_MS = 10 * 60_000;
/** The stored error is for the administrator's eye; SMTP answers can be long. */
const MAX_ERROR_LENGTH = 500;

export type MailSenderOptions = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  /** null without SMTP_URL: messages then stay in the outbox. */
  transport: MailTransport | null;
  log: Pick<BaseLogger, 'info' | 'warn' | 'error'>;
  maxAttempts: number;
  intervalMs: number;
};

export type MailSender = {
  /** Sends every message due now (also those that come due while it runs); resolves when none is left. */
  drainOnce(): Promise<{ sent: number; refused: number }>;
  /** Drains every `intervalMs` until stopped (the server does; tests drain by hand). */
  start(): void;
  /** Stops the timer and waits for a drain in progress. */
  stop(): Promise<void>;
};

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, kind, clock, transport, log, maxAttempts } = options;
  let running: Promise<{ sent: number; refused: number }> | null = null;
  let timer: NodeJS.Timeout | null = null;

  type Claimed = Awaited<ReturnType<typeof claimDueMail>>[number];

  /** Sends one message; a refusal is stored at once with its next attempt. Answers whether it went. */
  const sendOne = async (claimId: string, mail: Claimed, send: MailTransport['send']): Promise<boolean> => {
    try {
      await send({ to: mail.recipient, subject: mail.subject, text: mail.text_body, html: mail.html_body });
      return true;
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);
      const retryAt = nextAttemptAt(clock.now(), mail.attempts, maxAttempts);
      await markMailAttemptFailed(db, { id: mail.id, claimId, error, nextAttemptAt: retryAt });
      // The recipient is personal data and stays out of the log; the id finds the message.
      const line = { mailId: mail.id, attempts: mail.attempts, error, retryAt: retryAt?.toISOString() };
      if (retryAt) log.warn(line, 'mail refused, retrying later');
      else log.error(line, 'mail refused for the last time');
      return false;
    }
  };

  const drain = async () => {
    const totals = { sent: 0, refused: 0 };
    if (!transport) return totals;
    const claimId = randomUUID();
    for (;;) {
      const now = clock.now();
      const claimed = await claimDueMail(db, kind, {
        claimId,
        now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        limit: BATCH,
      });
      if (claimed.length === 0) return totals;
      // The pool queues what its connections cannot take yet, so the whole batch goes at once.
      const outcomes = await Promise.all(claimed.map((mail) => sendOne(claimId, mail, transport.send)));
      const sentIds = claimed.filter((_, i) => outcomes[i]).map((mail) => mail.id);
      const marked = await markMailsSent(db, { ids: sentIds, claimId, now: clock.now() });
      if (marked < sentIds.length) {
        log.warn({ count: sentIds.length - marked }, 'mail sent after its claim lapsed');
      }
      totals.sent += sentIds.length;
      totals.refused += claimed.length - sentIds.length;
    }
  };

  const drainOnce = () => {
    // One drain at a time per instance: a tick that finds one running waits for it instead.
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    drainOnce,
    start() {
      if (timer || !transport) return;
      timer = setInterval(() => {
        drainOnce().catch((err: unknown) => log.error({ err }, 'mail sender failed'));
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}
