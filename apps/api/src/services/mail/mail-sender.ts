import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { DatabaseKind } from '../../db/engine/connection.ts';
import { claimDueMail, markMailAttemptFailed, markMailSent } from '../../db/repositories/mail-outbox.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../shared/clock.ts';
import { nextAttemptAt } from './backoff.ts';
import type { MailTransport } from './smtp-transport.ts';

/** Messages claimed per statement: small, so a slow server holds few of them at once. */
const BATCH = 10;
/** How long a claim holds a message: well over the SMTP timeouts, so only a crashed sender's claim lapses. */
const LEASE_MS = 5 * 60_000;
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

  const sendOne = async (
    claimId: string,
    mail: Awaited<ReturnType<typeof claimDueMail>>[number],
    send: MailTransport['send'],
  ): Promise<boolean> => {
    try {
      await send({ to: mail.recipient, subject: mail.subject, text: mail.text_body, html: mail.html_body });
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
    if (!(await markMailSent(db, { id: mail.id, claimId, now: clock.now() }))) {
      log.warn({ mailId: mail.id }, 'mail sent after its claim lapsed');
    }
    return true;
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
      for (const mail of claimed) {
        if (await sendOne(claimId, mail, transport.send)) totals.sent += 1;
        else totals.refused += 1;
      }
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
