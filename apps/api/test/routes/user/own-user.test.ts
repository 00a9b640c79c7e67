import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/startup/demo/demo-data.ts';
import { type DemoIds, demoIdsOf, sortedList, userIdOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

const PASSWORD_RULE = 'Adgangskoden skal være på mindst 8 tegn og kun bestå af bogstaver (a-z), tal og _';
const HASH_PATTERN = /password_hash|passwordHash|\$argon2/i;

describe("a user's own record", () => {
  let t: TestApp;
  let ids: DemoIds;

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIdsOf(t.database.db);
  });
  afterAll(async () => t.close());

  const post = (url: string, token: string, payload: unknown) =>
    t.inject({ method: 'POST', url, token, payload: payload as Record<string, unknown> });
  /** Posts `text` as the body exactly as it is, declared as JSON. */
  const postText = (url: string, token: string, text: string) =>
    t.inject({ method: 'POST', url, token, payload: text, headers: { 'content-type': 'application/json' } });
  const loginResult = async (email: string, password: string) =>
    (await t.attemptLogin(email, password)).json();

  describe('GET /api/user/loadcurrent', () => {
    it('returns the signed-in user with every account and customer they reach, for any role', async () => {
      const db = t.database.db;
      const res = await t.inject({
        method: 'GET',
        url: '/api/user/loadcurrent',
        token: await t.login('tekniker@eksempel.dk'),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        guid: await userIdOf(db, 'tekniker@eksempel.dk'),
        name: 'Torben Tekniker',
        email: 'tekniker@eksempel.dk',
        role: 0,
        accountList: ids.accounts.norrevang,
        customerList: ids.customers.norrevang,
        resetPassword: false,
      });
      expect(res.body).not.toMatch(HASH_PATTERN);

      const admin = await t.inject({
        method: 'GET',
        url: '/api/user/loadcurrent',
        token: await t.login('admin@eksempel.dk'),
      });
      expect(sortedList(admin.json().accountList)).toHaveLength(3);
    });
  });

  describe('POST /api/user/savecurrent', () => {
    it('saves the own name and e-mail; the new e-mail then logs in', async () => {
      const token = await t.login('klover@eksempel.dk');
      const res = await post('/api/user/savecurrent', token, {
        name: '  Kim K. Kløver ',
        email: 'Kim@Eksempel.dk',
        currentpassword: DEMO_PASSWORD,
        accountId: ids.accounts.klover,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Success: true, Message: '' });

      const current = await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token });
      expect(current.json()).toMatchObject({ name: 'Kim K. Kløver', email: 'kim@eksempel.dk' });
      expect((await loginResult('kim@eksempel.dk', DEMO_PASSWORD)).Success).toBe(true);
      expect((await loginResult('klover@eksempel.dk', DEMO_PASSWORD)).Success).toBe(false);
    });

    it('answers 404 for an account the user does not reach, and changes nothing', async () => {
      const token = await t.login('kunde@eksempel.dk');
      const res = await post('/api/user/savecurrent', token, {
        name: 'Ændret',
        email: 'kunde@eksempel.dk',
        accountId: ids.accounts.norrevang,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ Message: 'Det efterspurgte findes ikke.' });
      const current = await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token });
      expect(current.json().name).toBe('Karen Kunde');
    });

    it("refuses another user's e-mail with a Danish message that does not say the address is taken", async () => {
      const token = await t.login('kunde@eksempel.dk');
      for (const email of ['ADMIN@eksempel.dk', 'tekniker@eksempel.dk']) {
        const res = await post('/api/user/savecurrent', token, {
          name: 'Karen Kunde',
          email,
          currentpassword: DEMO_PASSWORD,
          accountId: ids.accounts.soparken1,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          Success: false,
          Message: 'E-mailadressen kan ikke bruges. Vælg en anden.',
        });
      }
    });

    it('needs the current password to change the e-mail, not to change only the name', async () => {
      const token = await t.login('kunde@eksempel.dk');
      const accountId = ids.accounts.soparken1;
      for (const currentpassword of [undefined, 'forkert-kode']) {
        const res = await post('/api/user/savecurrent', token, {
          name: 'Karen Kunde',
          email: 'ny-adresse@eksempel.dk',
          currentpassword,
          accountId,
        });
        expect(res.json()).toEqual({ Success: false, Message: 'Den nuværende adgangskode er forkert.' });
      }
      const nameOnly = await post('/api/user/savecurrent', token, {
        name: 'Karen K. Kunde',
        email: 'kunde@eksempel.dk',
        accountId,
      });
      expect(nameOnly.json()).toEqual({ Success: true, Message: '' });
      const current = await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token });
      expect(current.json()).toMatchObject({ name: 'Karen K. Kunde', email: 'kunde@eksempel.dk' });
    });

    it('answers an invalid body with 400 and the Danish field message', async () => {
      const token = await t.login('kunde@eksempel.dk');
      const res = await post('/api/user/savecurrent', token, {
        name: 'Karen Kunde',
        email: 'ikke-en-mail',
        accountId: ids.accounts.soparken1,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ Message: 'Ugyldig e-mailadresse' });
    });
  });

  describe('POST /api/user/changepassword', () => {
    it.each([
      [{ password: 'kort', passwordrepeat: 'kort' }, PASSWORD_RULE],
      [{ password: 'med mellemrum', passwordrepeat: 'med mellemrum' }, PASSWORD_RULE],
      [{ password: 'Gyldigt_1234', passwordrepeat: 'Gyldigt_1235' }, 'Adgangskoderne er ikke ens'],
      [{ password: 'Gyldigt_1234' }, 'Gentag adgangskoden'],
      [{ passwordrepeat: 'Gyldigt_1234' }, 'Adgangskode skal udfyldes'],
    ])('answers a broken rule %j with Success false and %s', async (payload, message) => {
      const token = await t.login('kunde@eksempel.dk');
      const res = await post('/api/user/changepassword', token, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Success: false, Message: message });
      expect((await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token })).statusCode).toBe(200);
    });

    it('answers a body that is not an object with 400', async () => {
      const token = await t.login('kunde@eksempel.dk');
      const res = await postText('/api/user/changepassword', token, '"Gyldigt_1234"');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ Message: 'Anmodningen er ugyldig.' });
    });

    it('answers malformed JSON and an oversized body with 4xx in Danish', async () => {
      const token = await t.login('kunde@eksempel.dk');
      const malformed = await postText('/api/user/changepassword', token, '{"password":');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ Message: 'Anmodningen er ugyldig.' });
      const oversized = await post('/api/user/changepassword', token, {
        password: 'x'.repeat(t.config.bodyLimitBytes),
        passwordrepeat: 'x',
      });
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json()).toEqual({ Message: 'Anmodningen er for stor.' });
    });

    it('stores the new password, clears the reset flag and returns a fresh token', async () => {
      const before = await loginResult('ny@eksempel.dk', DEMO_PASSWORD);
      expect(before.ResetPassword).toBe(true);

      const res = await post('/api/user/changepassword', before.Token, {
        password: 'Nina_ny_kode_1',
        passwordrepeat: 'Nina_ny_kode_1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toEqual({
        Success: true,
        Message: '',
        Token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      });
      expect(res.body).not.toMatch(HASH_PATTERN);

      const current = await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token: body.Token });
      expect(current.json().resetPassword).toBe(false);
      expect((await loginResult('ny@eksempel.dk', DEMO_PASSWORD)).Success).toBe(false);
      expect(await loginResult('ny@eksempel.dk', 'Nina_ny_kode_1')).toMatchObject({
        Success: true,
        ResetPassword: false,
      });
    });

    it('outside the forced reset, needs the current password, and a wrong one counts as a failed login', async () => {
      const token = await t.login('admin@eksempel.dk');
      for (const currentpassword of [undefined, 'forkert-kode']) {
        const res = await post('/api/user/changepassword', token, {
          password: 'Anders_2026_ny',
          passwordrepeat: 'Anders_2026_ny',
          currentpassword,
        });
        expect(res.json()).toEqual({ Success: false, Message: 'Den nuværende adgangskode er forkert.' });
      }
      const failures = await t.database.db
        .selectFrom('login_throttle')
        .select('failures')
        .where('scope', '=', 'email:admin@eksempel.dk')
        .executeTakeFirstOrThrow();
      expect(failures.failures).toBe(2);
      expect(await loginResult('admin@eksempel.dk', DEMO_PASSWORD)).toMatchObject({ Success: true });
    });

    it('refuses a common password with a Danish message, whatever its capitals', async () => {
      const token = await t.login('kunde@eksempel.dk');
      for (const password of ['password1', 'Qwertyuiop', 'Velkommen123']) {
        const res = await post('/api/user/changepassword', token, {
          password,
          passwordrepeat: password,
          currentpassword: DEMO_PASSWORD,
        });
        expect(res.json()).toEqual({
          Success: false,
          Message: 'Adgangskoden er for almindelig og let at gætte. Vælg en anden.',
        });
      }
      expect((await loginResult('kunde@eksempel.dk', DEMO_PASSWORD)).Success).toBe(true);
    });

    it('needs a session', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/user/changepassword',
        payload: { password: 'Gyldigt_1234', passwordrepeat: 'Gyldigt_1234' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/user/namepasswordsave', () => {
    it('answers a broken rule with Success false and the Danish message', async () => {
      const token = await t.login('tekniker@eksempel.dk');
      const mismatch = await post('/api/user/namepasswordsave', token, {
        name: 'Torben',
        password: 'Gyldigt_1234',
        passwordrepeat: 'Gyldigt_9999',
      });
      expect(mismatch.json()).toEqual({ Success: false, Message: 'Adgangskoderne er ikke ens' });
      const noName = await post('/api/user/namepasswordsave', token, {
        name: '   ',
        password: 'Gyldigt_1234',
        passwordrepeat: 'Gyldigt_1234',
      });
      expect(noName.json()).toEqual({ Success: false, Message: 'Navn skal udfyldes' });
    });

    it('saves the name and the password and returns a fresh token', async () => {
      const token = await t.login('tekniker@eksempel.dk');
      const res = await post('/api/user/namepasswordsave', token, {
        name: 'Torben T. Tekniker',
        password: 'Torben_2026',
        passwordrepeat: 'Torben_2026',
        currentpassword: DEMO_PASSWORD,
      });
      const body = res.json();
      expect(body).toEqual({ Success: true, Message: '', Token: expect.any(String) });
      expect((await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token })).statusCode).toBe(401);
      const current = await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token: body.Token });
      expect(current.json().name).toBe('Torben T. Tekniker');
      expect((await loginResult('tekniker@eksempel.dk', 'Torben_2026')).Success).toBe(true);
    });
  });
});
