import fp from 'fastify-plugin';
import { createMailSender, type MailSender } from '../services/mail/mail-sender.ts';
import { createSmtpTransport } from '../services/mail/smtp-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the outbox (ADR 037); tests call `drainOnce()` instead of waiting for its timer. */
    mailSender: MailSender;
  }
}

/**
 * The outbox's sender, over SMTP when SMTP_URL is set. `start` runs its timer (the server); without it
 * nothing is sent until `drainOnce()` is called.
 */
export const mailSenderPlugin = fp<{ start: boolean }>(
  async (app, { start }) => {
    const { mail } = app.config;
    const sender = createMailSender({
      db: app.db,
      kind: app.dbKind,
      clock: app.clock,
      transport: mail.smtpUrl ? createSmtpTransport(mail.smtpUrl, mail.from, mail.smtpPool) : null,
      log: app.log.child({ component: 'mail-sender' }),
      maxAttempts: mail.maxAttempts,
      intervalMs: mail.sendIntervalSeconds * 1000,
    });
    app.decorate('mailSender', sender);
    if (start) app.addHook('onReady', async () => sender.start());
    // preClose: before any onClose hook, so a drain in progress still has its database.
    app.addHook('preClose', () => sender.stop());
  },
  { name: 'mail-sender', dependencies: ['app-context', 'database'] },
);
