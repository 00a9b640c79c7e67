import { type SmtpTestServer, startSmtpTestServer } from '@maaler/test-support/smtp-test-server';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/engine/connection.ts';
import { createMailSender } from '../../src/services/mail/mail-sender.ts';
import { enqueueMail } from '../../src/services/mail/outbox.ts';
import { createSmtpTransport } from '../../src/services/mail/smtp-transport.ts';
import { createTestApp, type TestApp, testClock } from '../helpers/test-app.ts';

const silent = { info() {}, warn() {}, error() {} };

describe('the mail outbox and its sender', () => {
  let t: TestApp | undefined;
  let runningSmtp: SmtpTestServer | undefined;
  const extraHandles: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const handle of extraHandles.splice(0)) await handle.db.destroy();
    await t?.close();
    await runningSmtp?.close();
    t = undefined;
    runningSmtp = undefined;
  });

  const content = (n: number) => ({ subject: `Besked ${n}`, text: `Tekst ${n}`, html: `<p>Tekst ${n}</p>` });
  /** A test app on a test clock that sends through an SMTP test server of its own. */
  const startWithSmtp = async (env: Record<string, string> = {}) => {
    const server = await startSmtpTestServer();
    runningSmtp = server;
    const clock = testClock();
    const app = await createTestApp({ clock, env: { SMTP_URL: server.url, ...env } });
    t = app;
    return { app, smtp: server, clock };
  };
  const enqueue = (app: TestApp, to: string, n: number, now: Date) =>
    enqueueMail(app.database.db, { to, content: content(n), customerIds: [], now });
  const outboxRow = (app: TestApp, id: string) =>
    app.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps a message through an SMTP server that refuses for a while, then delivers it exactly once', async () => {
    const { app, smtp, clock } = await startWithSmtp({ MAIL_MAX_ATTEMPTS: '10' });
    const id = await enqueue(app, 'kunde@eksempel.dk', 1, clock.now());
    smtp.refuseNext(3);

    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await app.app.mailSender.drainOnce()).toEqual({ sent: 0, refused: 1 });
      // Not due again before its backoff has passed: nothing is attempted meanwhile.
      expect(await app.app.mailSender.drainOnce()).toEqual({ sent: 0, refused: 0 });
      const row = await outboxRow(app, id);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, claim_id: null });
      expect(row.last_error).toContain('451');
      // Backoff doubles: 30 s, 60 s, 120 s after the attempt.
      expect(Date.parse(row.next_attempt_at) - clock.now().getTime()).toBe(30_000 * 2 ** (attempt - 1));
      clock.set(new Date(row.next_attempt_at));
    }

    expect(await app.app.mailSender.drainOnce()).toEqual({ sent: 1, refused: 0 });
    expect(await app.app.mailSender.drainOnce()).toEqual({ sent: 0, refused: 0 });
    expect(smtp.refused()).toBe(3);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Besked 1']);
    expect(smtp.received[0]?.text?.trim()).toBe('Tekst 1');
    expect(smtp.received[0]?.html).toContain('<p>Tekst 1</p>');
    expect(await outboxRow(app, id)).toMatchObject({
      status: 'sent',
      attempts: 4,
      sent_at: clock.now().toISOString(),
    });
  });

  it('gives a message up as failed after MAIL_MAX_ATTEMPTS refusals, and keeps it', async () => {
    const { app, smtp, clock } = await startWithSmtp({ MAIL_MAX_ATTEMPTS: '2' });
    const id = await enqueue(app, 'a@eksempel.dk', 1, clock.now());
    smtp.refuseNext(5);
    await app.app.mailSender.drainOnce();
    clock.advance(30_000);
    await app.app.mailSender.drainOnce();
    clock.advance(24 * 60 * 60_000);
    expect(await app.app.mailSender.drainOnce()).toEqual({ sent: 0, refused: 0 });
    expect(await outboxRow(app, id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(smtp.received).toHaveLength(0);
  });

  it('leaves every message in the outbox without SMTP_URL', async () => {
    t = await createTestApp();
    await enqueue(t, 'a@eksempel.dk', 1, new Date());
    expect(await t.app.mailSender.drainOnce()).toEqual({ sent: 0, refused: 0 });
    const rows = await t.database.db.selectFrom('mail_outbox').select(['status', 'attempts']).execute();
    expect(rows).toEqual([{ status: 'pending', attempts: 0 }]);
  });

  it('sends each message exactly once when two senders on their own connections drain at the same time', async () => {
    const { app, smtp, clock } = await startWithSmtp();
    const count = 60;
    for (let n = 0; n < count; n++) await enqueue(app, `beboer${n}@eksempel.dk`, n, clock.now());
    // A second instance: its own connection (pool) to the same database, its own transport.
    const other = openDatabase(app.config);
    extraHandles.push(other);
    const second = createMailSender({
      db: other.db,
      kind: other.kind,
      clock,
      transport: createSmtpTransport(smtp.url, app.config.mail.from, app.config.mail.smtpPool),
      log: silent,
      maxAttempts: 10,
      intervalMs: 1000,
    });
    const [a, b] = await Promise.all([app.app.mailSender.drainOnce(), second.drainOnce()]);
    await second.stop();
    expect(a.sent + b.sent).toBe(count);
    expect(a.refused + b.refused).toBe(0);
    const subjects = smtp.received.map((mail) => mail.subject);
    expect(new Set(subjects).size).toBe(count);
    expect(subjects).toHaveLength(count);
    const rows = await app.database.db.selectFrom('mail_outbox').select(['status', 'attempts']).execute();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('sends a batch over the SMTP pool’s few connections, not one connection per message', async () => {
    const { app, smtp, clock } = await startWithSmtp({ MAIL_SMTP_CONNECTIONS: '2' });
    const count = 40;
    for (let n = 0; n < count; n++) await enqueue(app, `beboer${n}@eksempel.dk`, n, clock.now());
    expect(await app.app.mailSender.drainOnce()).toEqual({ sent: count, refused: 0 });
    expect(smtp.received).toHaveLength(count);
    expect(smtp.connections()).toBeLessThanOrEqual(2);
    const rows = await app.database.db.selectFrom('mail_outbox').select(['status', 'claim_id']).execute();
    expect(rows.every((row) => row.status === 'sent' && row.claim_id === null)).toBe(true);
  });
});
