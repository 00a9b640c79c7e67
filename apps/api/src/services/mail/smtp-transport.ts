import nodemailer from 'nodemailer';

/** What the sender needs of a mail transport: send one message (throws when refused), and close. */
export type MailTransport = {
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
  close(): void;
};

/** Short enough that a hanging server cannot outlast the sender's claim on a message. */
const SMTP_TIMEOUT_MS = 30_000;

/** The pool's limits (MAIL_SMTP_CONNECTIONS, MAIL_SMTP_MAX_MESSAGES). */
export type SmtpPool = { maxConnections: number; maxMessages: number };

/**
 * SMTP through nodemailer, from SMTP_URL (`smtp://user:pass@host:587`, `smtps://…` for TLS at once).
 * Pooled: a few connections carry many messages each, instead of a handshake (and TLS) per message.
 */
export function createSmtpTransport(smtpUrl: string, from: string, pool: SmtpPool): MailTransport {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: pool.maxConnections,
    maxMessages: pool.maxMessages,
    host: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
