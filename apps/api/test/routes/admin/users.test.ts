import { randomUUID } from 'node:crypto';
import { AdminUser, AdminUserPage, CreatedUser } from '@maaler/contract';
import { insertManyUsers } from '@maaler/test-support/many-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, WARN } from '../../helpers/captured-log.ts';
import { demoIdsOf, sortedList, userIdOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';
import { insertTestUser } from '../../helpers/test-users.ts';

const NOT_FOUND = { Message: 'Det efterspurgte findes ikke.' };
const FORBIDDEN = { Message: 'Du har ikke adgang til denne funktion.' };
const OUTSIDE_ADMINISTRATION = {
  Message: 'Du kan ikke ændre denne bruger: brugeren hører også til kunder, som du ikke administrerer.',
};
const SELF = {
  Message:
    'Du kan ikke ændre din egen rolle eller dine egne konti eller deaktivere dig selv. Bed en anden administrator om det.',
};

describe('user administration in the app (/api/admin/users)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  let t: TestApp;
  let admin: string;
  const log = capturedLog();
  const ids: Record<string, string> = {};
  const id = (key: string): string => {
    const value = ids[key];
    if (!value) throw new Error(`no id for ${key}`);
    return value;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock, logger: log.logger });
    admin = await t.login('admin@eksempel.dk');
    const db = t.database.db;
    for (const email of ['admin', 'tekniker', 'kunde', 'ny', 'klover']) {
      ids[email] = await userIdOf(db, `${email}@eksempel.dk`);
    }
    const demo = await demoIdsOf(db);
    Object.assign(ids, demo.accounts);
    for (const [key, customerId] of Object.entries(demo.customers)) ids[`customer:${key}`] = customerId;
    ids.twoTenants = await insertTestUser(db, {
      email: 'to-kunder@eksempel.dk',
      role: 2,
      customerIds: [id('customer:soparken'), id('customer:klover')],
      accountIds: [id('soparken1'), id('klover')],
    });
  });
  afterAll(async () => t.close());

  const get = (url: string, token = admin) => t.inject({ method: 'GET', url, token });
  const post = (url: string, payload?: object, token = admin) =>
    t.inject({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload }) });
  const page = async (query = '') => {
    const res = await get(`/api/admin/users${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminUserPage.parse(res.json());
  };

  it('refuses every new call to roles 0 and 2 with 403, before looking at ids', async () => {
    for (const email of ['tekniker@eksempel.dk', 'kunde@eksempel.dk']) {
      const token = await t.login(email);
      const calls = [
        get('/api/admin/users', token),
        post(
          '/api/admin/users',
          { name: 'X', email: 'x@eksempel.dk', role: 2, accountIds: [id('soparken1')] },
          token,
        ),
        post(`/api/admin/users/${id('ny')}`, { name: 'X', role: 2, accountIds: [id('soparken1')] }, token),
        post(`/api/admin/users/${id('ny')}/disable`, undefined, token),
        post(`/api/admin/users/${id('ny')}/enable`, undefined, token),
        post(`/api/admin/users/${id('ny')}/unlock`, undefined, token),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
    }
  });

  it('lists one page of the users of its customers by name, with disabled and locked, and searches', async () => {
    const all = await page();
    expect(all.total).toBe(5);
    expect(all.pageSize).toBe(50);
    expect(all.users.map((u) => u.email)).not.toContain('klover@eksempel.dk');
    const kunde = all.users.find((u) => u.email === 'kunde@eksempel.dk');
    expect(kunde).toMatchObject({ guid: id('kunde'), role: 2, disabled: false, locked: false });
    // A user of two tenants shows only this administrator's customer and accounts.
    const two = all.users.find((u) => u.guid === id('twoTenants'));
    expect(two?.customerList).toBe(id('customer:soparken'));
    expect(two?.accountList).toBe(id('soparken1'));

    expect((await page('?q=KAREN')).users.map((u) => u.email)).toEqual(['kunde@eksempel.dk']);
    // LIKE's wildcards match only themselves.
    expect((await page('?q=%25')).total).toBe(0);
    expect((await page('?q=_')).total).toBe(0);
    expect((await page('?page=2')).users).toEqual([]);
    const bad = await get('/api/admin/users?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Message: 'Siden skal være et helt tal fra 1' });
  });

  it('pages 5,000 users on the server', async () => {
    const db = t.database.db;
    const customerId = id('customer:norrevang');
    const ids = await insertManyUsers(db, { customerId, count: 5000, prefix: 'masse' });
    // Paged and sorted on the server; how fast it answers is bench/admin-lists.ts's, not a test's.
    const third = await page('?q=masse&page=3');
    expect(third.total).toBe(5000);
    expect(third.users.map((u) => u.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Masse ${String(100 + i).padStart(4, '0')}`),
    );
    await db.deleteFrom('user_customers').where('user_id', 'in', ids).execute();
    await db.deleteFrom('users').where('id', 'in', ids).execute();
  });

  it('creates a user with a temporary password shown once; the user must choose a new one', async () => {
    const res = await post('/api/admin/users', {
      name: '  Ny Aflæser ',
      email: 'Ny.Aflaeser@Eksempel.dk',
      role: 0,
      accountIds: [id('norrevang')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = CreatedUser.parse(res.json());
    expect(created.user).toMatchObject({
      name: 'Ny Aflæser',
      email: 'ny.aflaeser@eksempel.dk',
      role: 0,
      accountList: id('norrevang'),
      customerList: id('customer:norrevang'),
      resetPassword: true,
      disabled: false,
      locked: false,
    });
    const login = await t.attemptLogin('ny.aflaeser@eksempel.dk', created.temporaryPassword ?? '');
    expect(login.json()).toMatchObject({ Success: true, ResetPassword: true });

    const again = await post('/api/admin/users', {
      name: 'Igen',
      email: 'ny.aflaeser@eksempel.dk',
      role: 2,
      accountIds: [id('soparken1')],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ Message: 'E-mailadressen kan ikke bruges. Vælg en anden.' });
  });

  it('answers validation errors in Danish', async () => {
    const cases: [object, string][] = [
      [{ name: '', email: 'a@eksempel.dk', role: 2, accountIds: [id('soparken1')] }, 'Navn skal udfyldes'],
      [{ name: 'A', email: 'a@', role: 2, accountIds: [id('soparken1')] }, 'Ugyldig e-mailadresse'],
      [
        { name: 'A', email: 'a@eksempel.dk', role: 5, accountIds: [id('soparken1')] },
        'Vælg en rolle: Måleraflæser, Administrator eller Kundebruger',
      ],
      [{ name: 'A', email: 'a@eksempel.dk', role: 2, accountIds: [] }, 'Vælg mindst én konto'],
      [
        { name: 'A', email: 'a@eksempel.dk', role: 0, accountIds: [id('soparken1'), id('norrevang')] },
        'En måleraflæser kan kun have konti hos én kunde.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/admin/users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ Message: message });
    }
  });

  it('answers 404 for accounts or users outside its customers, and changes nothing', async () => {
    for (const accountIds of [[id('klover')], [id('soparken1'), randomUUID()]]) {
      const res = await post('/api/admin/users', { name: 'A', email: 'a@eksempel.dk', role: 2, accountIds });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const edit = await post(`/api/admin/users/${id('kunde')}`, {
      name: 'Karen Kunde',
      role: 2,
      accountIds: [id('klover')],
    });
    expect(edit.statusCode).toBe(404);
    for (const userId of [id('klover'), randomUUID()]) {
      for (const action of ['', '/disable', '/enable', '/unlock']) {
        const res = await post(
          `/api/admin/users/${userId}${action}`,
          action === '' ? { name: 'A', role: 2, accountIds: [id('soparken1')] } : undefined,
        );
        expect(res.statusCode, action).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
    const users = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('email', '=', 'a@eksempel.dk')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses changes to itself and to users who also belong to other customers (403)', async () => {
    const body = { name: 'X', role: 2, accountIds: [id('soparken1')] };
    for (const action of ['', '/disable', '/enable']) {
      const self = await post(`/api/admin/users/${id('admin')}${action}`, action === '' ? body : undefined);
      expect(self.statusCode).toBe(403);
      expect(self.json()).toEqual(SELF);
    }
    for (const userId of [id('twoTenants')]) {
      for (const action of ['', '/disable', '/enable', '/unlock']) {
        const res = await post(`/api/admin/users/${userId}${action}`, action === '' ? body : undefined);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(OUTSIDE_ADMINISTRATION);
      }
    }
    // Unlocking oneself is allowed.
    expect((await post(`/api/admin/users/${id('admin')}/unlock`)).statusCode).toBe(200);
  });

  describe('other administrators', () => {
    const promotions = () => log.events('user.promoted');

    it('demotes, disables, enables, unlocks, resets and removes one whose customers all are its own', async () => {
      const other = await insertTestUser(t.database.db, {
        email: 'admin-soparken@eksempel.dk',
        role: 1,
        customerIds: [id('customer:soparken')],
        accountIds: [],
      });
      const otherToken = await t.login('admin-soparken@eksempel.dk');
      const demoted = await post(`/api/admin/users/${other}`, {
        name: 'Tidligere administrator',
        role: 2,
        accountIds: [id('soparken1')],
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
      expect(AdminUser.parse(demoted.json())).toMatchObject({ role: 2, accountList: id('soparken1') });
      // Access follows the role at once: the old session is no administrator any more.
      expect((await get('/api/admin/users', otherToken)).statusCode).toBe(403);

      const before = promotions().length;
      const promoted = await post(`/api/admin/users/${other}`, {
        name: 'Administrator igen',
        role: 1,
        accountIds: [id('soparken1')],
      });
      expect(promoted.statusCode).toBe(200);
      expect(promotions().slice(before)).toEqual([
        expect.objectContaining({ level: WARN, targetUserId: other, userId: ids.admin }),
      ]);
      for (const action of ['/disable', '/enable', '/unlock']) {
        const res = await post(`/api/admin/users/${other}${action}`);
        expect(res.statusCode, `${action} ${res.body}`).toBe(200);
      }
      expect((await get(`/api/user/resetpassword/${other}`)).statusCode).toBe(200);
      expect((await get(`/api/user/delete/${other}`)).json()).toEqual({ Success: true, Message: '' });
      const gone = await t.database.db.selectFrom('users').select('id').where('id', '=', other).execute();
      expect(gone).toEqual([]);
    });

    it('refuses one with a customer outside its own, in every call (403)', async () => {
      // admin@ has Søparken and Nørrevang: an administrator of Søparken alone does not cover them.
      await insertTestUser(t.database.db, {
        email: 'admin-lille@eksempel.dk',
        role: 1,
        customerIds: [id('customer:soparken')],
        accountIds: [],
      });
      const small = await t.login('admin-lille@eksempel.dk');
      const body = { name: 'X', role: 2, accountIds: [id('soparken1')] };
      for (const action of ['', '/disable', '/enable', '/unlock']) {
        const res = await post(
          `/api/admin/users/${id('admin')}${action}`,
          action === '' ? body : undefined,
          small,
        );
        expect(res.statusCode, action).toBe(403);
        expect(res.json()).toEqual(OUTSIDE_ADMINISTRATION);
      }
      for (const call of ['resetpassword', 'delete']) {
        const res = await get(`/api/user/${call}/${id('admin')}`, small);
        expect(res.statusCode, call).toBe(403);
        expect(res.json()).toEqual(OUTSIDE_ADMINISTRATION);
      }
      expect(await t.login('admin@eksempel.dk')).toEqual(expect.any(String));
    });

    it('logs the creation of an administrator as a promotion, at warn level', async () => {
      const before = promotions().length;
      const res = await post('/api/admin/users', {
        name: 'Ny Administrator',
        email: 'ny-admin@eksempel.dk',
        role: 1,
        accountIds: [id('norrevang')],
      });
      expect(res.statusCode, res.body).toBe(200);
      const created = CreatedUser.parse(res.json()).user.guid;
      expect(promotions().slice(before)).toEqual([
        expect.objectContaining({ level: WARN, targetUserId: created, created: true }),
      ]);
      await post('/api/admin/users', {
        name: 'Ny Kunde',
        email: 'ny-kunde@eksempel.dk',
        role: 2,
        accountIds: [id('norrevang')],
      });
      expect(promotions().length).toBe(before + 1);
    });
  });

  it('edits name, role and accounts within its customers', async () => {
    const res = await post(`/api/admin/users/${id('kunde')}`, {
      name: 'Karen Kunde-Hansen',
      role: 0,
      accountIds: [id('norrevang')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = AdminUser.parse(res.json());
    expect(user).toMatchObject({
      name: 'Karen Kunde-Hansen',
      role: 0,
      customerList: id('customer:norrevang'),
    });
    expect(sortedList(user.accountList)).toEqual([id('norrevang')]);
    // The user reaches exactly the new account.
    const token = await t.login('kunde@eksempel.dk');
    const accounts = await get('/api/account/loadlistbycurrentuser/v2/9', token);
    expect(accounts.json().map((a: { guid: string }) => a.guid)).toEqual([id('norrevang')]);
    const back = await post(`/api/admin/users/${id('kunde')}`, {
      name: 'Karen Kunde',
      role: 2,
      accountIds: [id('soparken1'), id('soparken2')],
    });
    expect(back.statusCode).toBe(200);
  });

  it('disables a user, which ends their sessions and refuses sign-in, and enables them again', async () => {
    const token = await t.login('tekniker@eksempel.dk');
    const res = await post(`/api/admin/users/${id('tekniker')}/disable`);
    expect(res.statusCode).toBe(200);
    expect(AdminUser.parse(res.json()).disabled).toBe(true);
    expect((await get('/api/user/loadcurrent', token)).statusCode).toBe(401);
    expect((await t.attemptLogin('tekniker@eksempel.dk', 'demo1234')).json()).toMatchObject({
      Success: false,
      Message: 'Forkert e-mail eller adgangskode',
    });
    expect((await page('?q=tekniker')).users[0]?.disabled).toBe(true);

    const enabled = await post(`/api/admin/users/${id('tekniker')}/enable`);
    expect(AdminUser.parse(enabled.json()).disabled).toBe(false);
    expect((await t.attemptLogin('tekniker@eksempel.dk', 'demo1234')).json()).toMatchObject({
      Success: true,
    });
  });

  it('shows a user locked after failed sign-ins as locked, and unlocks them', async () => {
    for (let i = 0; i < 6; i++) await t.attemptLogin('kunde@eksempel.dk', 'forkert-kode-1');
    expect((await t.attemptLogin('kunde@eksempel.dk', 'demo1234')).statusCode).toBe(429);
    expect((await page('?q=kunde@')).users[0]?.locked).toBe(true);

    const res = await post(`/api/admin/users/${id('kunde')}/unlock`);
    expect(AdminUser.parse(res.json()).locked).toBe(false);
    expect((await t.attemptLogin('kunde@eksempel.dk', 'demo1234')).json()).toMatchObject({ Success: true });
  });
});
