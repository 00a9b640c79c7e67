import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/startup/demo/demo-data.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

const LOCKED_MESSAGE = 'For mange mislykkede loginforsøg. Vent et stykke tid, og prøv igen.';
const WINDOW_SECONDS = 600;
const LOCKOUT_SECONDS = 300;
const MAX_PER_EMAIL = 8;

describe('login brute-force protection', () => {
  let clock: ReturnType<typeof testClock>;
  let t: TestApp;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({
      clock,
      env: {
        LOGIN_MAX_FAILURES: '3',
        LOGIN_MAX_FAILURES_PER_IP: '5',
        LOGIN_MAX_FAILURES_PER_EMAIL: String(MAX_PER_EMAIL),
        LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS),
        LOGIN_LOCKOUT_SECONDS: String(LOCKOUT_SECONDS),
        LOGIN_SLOWDOWN_MS: '5',
      },
    });
  });
  afterEach(async () => t.close());

  const attempt = (email: string, password: string, address: string) =>
    t.attemptLogin(email, password, address);
  const fail = async (email: string, address: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const res = await attempt(email, 'forkert1234', address);
      expect(res.json().Success).toBe(false);
    }
  };
  const seconds = (n: number) => clock.advance(n * 1000);

  it('locks an e-mail at its limit on the guessing address, even for the right password', async () => {
    await fail('kunde@eksempel.dk', '10.1.0.1', 3);

    const locked = await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ Message: LOCKED_MESSAGE });
    expect(locked.headers['retry-after']).toBe(String(LOCKOUT_SECONDS));

    const otherUser = await attempt('admin@eksempel.dk', DEMO_PASSWORD, '10.1.0.1');
    expect(otherUser.json().Success).toBe(true);
  });

  it('does not lock the owner out from another address: the e-mail is only slowed down there', async () => {
    await fail('kunde@eksempel.dk', '10.1.1.1', 3);
    await fail('kunde@eksempel.dk', '10.1.1.2', 3);
    expect((await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.1.1.1')).statusCode).toBe(429);

    const owner = await attempt('KUNDE@eksempel.dk', DEMO_PASSWORD, '10.1.1.9');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().Success).toBe(true);
  });

  it('caps the guesses on one e-mail spread over many addresses, until an administrator unlocks it', async () => {
    // 100 passwords from 20 addresses, 5 each: the e-mail+address limit alone let 3 × 20 through.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attempt('kunde@eksempel.dk', `forkert${i}`, `10.9.0.${i % 20}`)),
    );
    const evaluated = answers.filter((res) => res.statusCode === 200);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(MAX_PER_EMAIL);
    for (const res of evaluated) expect(res.json().Success).toBe(false);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(100 - evaluated.length);

    const owner = await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.9.1.1');
    expect(owner.statusCode).toBe(429);
    expect(owner.json()).toEqual({ Message: LOCKED_MESSAGE });

    const admin = (await attempt('admin@eksempel.dk', DEMO_PASSWORD, '10.9.1.2')).json().Token;
    const listed = await t.inject({ method: 'GET', url: '/api/admin/users?q=kunde@', token: admin });
    const kunde = listed.json().users[0];
    expect(kunde).toMatchObject({ email: 'kunde@eksempel.dk', locked: true });
    const unlock = `/api/admin/users/${kunde.guid}/unlock`;
    expect((await t.inject({ method: 'POST', url: unlock, token: admin })).statusCode).toBe(200);
    expect((await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.9.1.1')).json().Success).toBe(true);
  });

  it('evaluates no more than the limit of many parallel guesses from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attempt('kunde@eksempel.dk', 'forkert1234', '10.1.2.1')),
    );
    // Each attempt counts in the e-mail+address scope (limit 3) and in the address scope (limit 5) at
    // once; in parallel the two orders differ, so an attempt early in one may come late in the other
    // and be refused: at most 3 are evaluated, never more.
    const evaluated = answers.filter((res) => res.statusCode === 200);
    expect(evaluated.length).toBeLessThanOrEqual(3);
    for (const res of evaluated) expect(res.json().Success).toBe(false);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(40 - evaluated.length);
    expect((await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.1.2.1')).statusCode).toBe(429);
  });

  it("lets an administrator's password reset and the CLI's user:unlock lift a lockout", async () => {
    await fail('kunde@eksempel.dk', '10.1.3.1', 3);
    expect((await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.1.3.1')).statusCode).toBe(429);
    const admin = (await attempt('admin@eksempel.dk', DEMO_PASSWORD, '10.1.3.2')).json().Token;
    const kundeId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'kunde@eksempel.dk')
        .executeTakeFirstOrThrow()
    ).id;
    const reset = await t.inject({ method: 'GET', url: `/api/user/resetpassword/${kundeId}`, token: admin });
    const temporary = reset.json().Message;
    const after = await attempt('kunde@eksempel.dk', temporary, '10.1.3.1');
    expect(after.json()).toMatchObject({ Success: true, ResetPassword: true });
  });

  it('counts an unknown e-mail exactly like a known one', async () => {
    await fail('ingen@eksempel.dk', '10.2.0.1', 3);
    const locked = await attempt('ingen@eksempel.dk', 'forkert1234', '10.2.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(LOCKOUT_SECONDS));
  });

  it('counts down Retry-After and lets the user in once the lockout has passed', async () => {
    await fail('kunde@eksempel.dk', '10.3.0.1', 3);
    seconds(LOCKOUT_SECONDS - 1);
    const stillLocked = await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.3.0.1');
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.headers['retry-after']).toBe('1');

    seconds(1);
    const open = await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.3.0.1');
    expect(open.statusCode).toBe(200);
    expect(open.json().Success).toBe(true);
  });

  it('gives a full set of attempts again after a lockout has run out', async () => {
    await fail('kunde@eksempel.dk', '10.4.0.1', 3);
    seconds(LOCKOUT_SECONDS);
    await fail('kunde@eksempel.dk', '10.4.0.2', 2);
    expect((await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.4.0.2')).json().Success).toBe(true);
  });

  it('forgets failures older than the window', async () => {
    await fail('kunde@eksempel.dk', '10.5.0.1', 2);
    seconds(WINDOW_SECONDS);
    await fail('kunde@eksempel.dk', '10.5.0.1', 2);
    const res = await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.5.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json().Success).toBe(true);
  });

  it('clears the e-mail count on success, so earlier failures do not add up', async () => {
    await fail('kunde@eksempel.dk', '10.6.0.1', 2);
    expect((await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.6.0.1')).json().Success).toBe(true);
    await fail('kunde@eksempel.dk', '10.6.0.2', 2);
    expect((await attempt('kunde@eksempel.dk', DEMO_PASSWORD, '10.6.0.2')).json().Success).toBe(true);
  });

  it('locks a client address at its own, higher limit across different e-mails', async () => {
    await fail('a@eksempel.dk', '10.7.0.1', 2);
    await fail('b@eksempel.dk', '10.7.0.1', 2);
    await fail('c@eksempel.dk', '10.7.0.1', 1);

    const locked = await attempt('admin@eksempel.dk', DEMO_PASSWORD, '10.7.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(LOCKOUT_SECONDS));

    const fromElsewhere = await attempt('admin@eksempel.dk', DEMO_PASSWORD, '10.7.0.2');
    expect(fromElsewhere.json().Success).toBe(true);
  });

  it('keeps the address count when a login succeeds (only the e-mail count is cleared)', async () => {
    await fail('a@eksempel.dk', '10.8.0.1', 2);
    await fail('b@eksempel.dk', '10.8.0.1', 2);
    expect((await attempt('admin@eksempel.dk', DEMO_PASSWORD, '10.8.0.1')).json().Success).toBe(true);
    await fail('c@eksempel.dk', '10.8.0.1', 1);
    expect((await attempt('admin@eksempel.dk', DEMO_PASSWORD, '10.8.0.1')).statusCode).toBe(429);
  });
});
