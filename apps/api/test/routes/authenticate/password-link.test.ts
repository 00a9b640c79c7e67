import { MAIL_MESSAGES, MESSAGES, OutboxMessage, OutboxPage } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIdsOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

const FORGOT = '/api/authenticate/forgotpassword';
const SET = '/api/authenticate/setpassword';
const NEW_PASSWORD = 'nyKode_2026';

/** POST /api/admin/users: a customer user (role 2) of Søparken 1, by the administrator's token. */
async function addSoparkenResident(t: TestApp, admin: string, user: { name: string; email: string }) {
  const { accounts } = await demoIdsOf(t.database.db);
  return t.inject({
    method: 'POST',
    url: '/api/admin/users',
    token: admin,
    payload: { ...user, role: 2, accountIds: [accounts.soparken1] },
  });
}

/** The token of the newest link in the outbox's text to the address. */
async function linkTokenFor(t: TestApp, email: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('recipient', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const match = /http:\/\/localhost:8080\/ny-adgangskode#([\w-]+)/.exec(row.text_body);
  if (!match?.[1]) throw new Error(`no link in ${row.text_body}`);
  return match[1];
}

describe('Glemt adgangskode? and the set-password link (issue 35)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  let t: TestApp;
  // Each test asks from its own address, so the request throttle of one does not reach the next.
  let address = 0;
  const forgot = (email: string, remoteAddress = `10.0.0.${++address}`) =>
    t.inject({ method: 'POST', url: FORGOT, payload: { email }, remoteAddress });
  const setPassword = (token: string, password = NEW_PASSWORD, passwordrepeat = password) =>
    t.inject({ method: 'POST', url: SET, payload: { token, password, passwordrepeat } });

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PORT: '8080' } });
  });
  afterAll(() => t.close());

  it('answers an unknown e-mail exactly as a known one, and writes a message for the known one only', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await forgot(email);
      return { answer, ms: performance.now() - started };
    };
    const { answer: known, ms: knownMs } = await timed('kunde@eksempel.dk');
    const { answer: unknown, ms: unknownMs } = await timed('ingen@eksempel.dk');
    // Both wait for the same floor, so the writes for a real user do not show in the time.
    expect(Math.min(knownMs, unknownMs)).toBeGreaterThanOrEqual(240);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ Success: true, Message: MAIL_MESSAGES.resetRequested });
    const recipients = await t.database.db.selectFrom('mail_outbox').select('recipient').execute();
    expect(recipients.map((row) => row.recipient)).toEqual(['kunde@eksempel.dk']);
  });

  it('writes a plain-text and an HTML part in Danish with the link, and no images', async () => {
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', 'kunde@eksempel.dk')
      .executeTakeFirstOrThrow();
    expect(row.subject).toBe('Vælg en ny adgangskode til Måleraflæsning');
    expect(row.text_body).toContain('Linket virker i en time');
    const token = await linkTokenFor(t, 'kunde@eksempel.dk');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(row.html_body).toContain(`href="http://localhost:8080/ny-adgangskode#${token}"`);
    expect(row.html_body).not.toMatch(/<img/i);
    // Only a hash is kept of the token.
    const stored = await t.database.db.selectFrom('password_links').select('token_hash').execute();
    expect(stored.map((link) => link.token_hash)).not.toContain(token);
  });

  it('sets the password once: the new one signs in, the old one and a second use do not', async () => {
    const token = await linkTokenFor(t, 'kunde@eksempel.dk');
    const sessionBefore = await t.login('kunde@eksempel.dk');
    expect((await setPassword(token)).json()).toEqual({ Success: true, Message: '' });
    expect((await t.attemptLogin('kunde@eksempel.dk', NEW_PASSWORD)).json()).toMatchObject({
      Success: true,
      ResetPassword: false,
    });
    expect((await t.attemptLogin('kunde@eksempel.dk')).json()).toMatchObject({ Success: false });
    // Every session from before the new password ends.
    const loadCurrent = await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token: sessionBefore });
    expect(loadCurrent.statusCode).toBe(401);
    expect((await setPassword(token, 'endnu_en_2026')).json()).toEqual({
      Success: false,
      Message: MAIL_MESSAGES.resetLinkInvalid,
    });
  });

  it('refuses a link after one hour', async () => {
    await forgot('tekniker@eksempel.dk');
    const token = await linkTokenFor(t, 'tekniker@eksempel.dk');
    clock.advance(60 * 60_000 + 1);
    expect((await setPassword(token)).json()).toEqual({
      Success: false,
      Message: MAIL_MESSAGES.resetLinkInvalid,
    });
    expect((await t.attemptLogin('tekniker@eksempel.dk')).json()).toMatchObject({ Success: true });
  });

  it('keeps the spec password rule and refuses a made-up token', async () => {
    await forgot('ny@eksempel.dk');
    const token = await linkTokenFor(t, 'ny@eksempel.dk');
    expect((await setPassword(token, 'kort')).json()).toEqual({
      Success: false,
      Message: MESSAGES.passwordRule,
    });
    expect((await setPassword(token, NEW_PASSWORD, 'andet_2026')).json()).toEqual({
      Success: false,
      Message: MESSAGES.passwordMismatch,
    });
    expect((await setPassword('A'.repeat(43))).json()).toEqual({
      Success: false,
      Message: MAIL_MESSAGES.resetLinkInvalid,
    });
    // The refusals above did not use the link up.
    expect((await setPassword(token)).json()).toEqual({ Success: true, Message: '' });
  });

  it('counts requests per e-mail like logins: the sixth within the window is refused, known or not', async () => {
    for (const email of ['admin@eksempel.dk', 'findes.ikke@eksempel.dk']) {
      for (let n = 1; n <= 5; n++) expect((await forgot(email)).statusCode).toBe(200);
      const sixth = await forgot(email);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBeDefined();
    }
  });
});

describe('Udsendte e-mails (/api/admin/emails) and invitations', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await t.login('admin@eksempel.dk');
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin) => t.inject({ method: 'GET', url, token });
  const forgot = (email: string) =>
    t.inject({ method: 'POST', url: FORGOT, payload: { email }, remoteAddress: '10.1.0.1' });

  it("lists the messages of the administrator's customers with their text, and answers 404 for another tenant's", async () => {
    await forgot('kunde@eksempel.dk');
    clock.advance(1000);
    await forgot('klover@eksempel.dk');
    const page = OutboxPage.parse((await get('/api/admin/emails')).json());
    expect(page.messages.map((m) => [m.to, m.status, m.attempts])).toEqual([
      ['kunde@eksempel.dk', 'pending', 0],
    ]);
    expect(page.total).toBe(1);

    const own = page.messages[0]?.id ?? '';
    const message = OutboxMessage.parse((await get(`/api/admin/emails/${own}`)).json());
    expect(message.text).toMatch(/\/ny-adgangskode#[\w-]{43}/);

    const other = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', 'klover@eksempel.dk')
      .executeTakeFirstOrThrow();
    const refused = await get(`/api/admin/emails/${other.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('klover');
  });

  it('is for administrators only', async () => {
    const kunde = await t.login('tekniker@eksempel.dk');
    expect((await get('/api/admin/emails', kunde)).statusCode).toBe(403);
  });

  it('writes an invitation with a 7-day link for a new user; without SMTP_URL the temporary password is shown too', async () => {
    const created = await addSoparkenResident(t, admin, {
      name: 'Ny Beboer',
      email: 'ny.beboer@eksempel.dk',
    });
    expect(created.json()).toMatchObject({ invited: true, temporaryPassword: expect.any(String) });
    const token = await linkTokenFor(t, 'ny.beboer@eksempel.dk');
    clock.advance(6 * 24 * 60 * 60_000);
    const set = await t.inject({
      method: 'POST',
      url: SET,
      payload: { token, password: NEW_PASSWORD, passwordrepeat: NEW_PASSWORD },
    });
    expect(set.json()).toEqual({ Success: true, Message: '' });
    expect((await t.attemptLogin('ny.beboer@eksempel.dk', NEW_PASSWORD)).json()).toMatchObject({
      Success: true,
      ResetPassword: false,
    });
  });
});

describe('a new user with e-mail delivery (SMTP_URL set)', () => {
  it('gets the invitation instead of a shown temporary password', async () => {
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const admin = await t.login('admin@eksempel.dk');
      const created = await addSoparkenResident(t, admin, {
        name: 'Inviteret',
        email: 'inviteret@eksempel.dk',
      });
      expect(created.json()).toMatchObject({ invited: true, temporaryPassword: null });
      const mail = await t.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('recipient', '=', 'inviteret@eksempel.dk')
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe('Du er oprettet som bruger i Måleraflæsning');
      expect(mail.text_body).toContain('Linket virker i 7 dage');
    } finally {
      await t.close();
    }
  });
});
