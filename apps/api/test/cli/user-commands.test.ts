import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_NAMES, customerIdOf, userIdOf } from '../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { inProcessCli } from './in-process-cli.ts';

/** The operator's way to undo an administrator (issue 32): role, disable, enable and delete by e-mail. */
describe('CLI user:role, user:disable, user:enable, user:delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const cli = inProcessCli(() => t.database.db);
  const adminList = (token: string) => t.inject({ method: 'GET', url: '/api/admin/users', token });
  const userRow = (email: string) =>
    t.database.db
      .selectFrom('users')
      .select(['id', 'role', 'disabled'])
      .where('email', '=', email)
      .executeTakeFirst();
  const membershipCount = async (userId: string) => {
    const customers = await t.database.db
      .selectFrom('user_customers')
      .select('customer_id')
      .where('user_id', '=', userId)
      .execute();
    const accounts = await t.database.db
      .selectFrom('user_accounts')
      .select('account_id')
      .where('user_id', '=', userId)
      .execute();
    return customers.length + accounts.length;
  };

  it('user:role demotes an administrator and promotes them again; access follows at once', async () => {
    const customer = await customerIdOf(t.database.db, CUSTOMER_NAMES.soparken);
    const added = await cli(
      'user:add',
      '--email',
      'fejl-admin@eksempel.dk',
      '--name',
      'Fejlagtig Administrator',
      '--role',
      '1',
      '--customer',
      customer,
      '--password',
      'Fejlens_kode_17',
    );
    expect(added.code).toBe(0);
    const token = await t.login('fejl-admin@eksempel.dk', 'Fejlens_kode_17');
    expect((await adminList(token)).statusCode).toBe(200);

    const demoted = await cli('user:role', '--email', 'FEJL-ADMIN@eksempel.dk', '--role', '2');
    expect(demoted).toMatchObject({ code: 0, err: '' });
    expect(demoted.out).toContain('fejl-admin@eksempel.dk is now a customer user (role 2)');
    // An administrator reaches their customers' accounts without memberships; a customer user does not.
    expect(demoted.out).toContain('member of no account');
    expect((await userRow('fejl-admin@eksempel.dk'))?.role).toBe(2);
    expect((await adminList(token)).statusCode).toBe(403);

    expect((await cli('user:role', '--email', 'fejl-admin@eksempel.dk', '--role', '1')).code).toBe(0);
    expect((await adminList(token)).statusCode).toBe(200);
  });

  it('user:role refuses an unknown role, an unknown e-mail, and a meter reader of several customers', async () => {
    const badRole = await cli('user:role', '--email', 'kunde@eksempel.dk', '--role', '7');
    expect(badRole.code).toBe(1);
    expect(badRole.err).toContain('--role must be 0');
    const unknown = await cli('user:role', '--email', 'ingen@eksempel.dk', '--role', '2');
    expect(unknown).toMatchObject({ code: 1, err: expect.stringContaining('No user has the e-mail') });
    // admin@ belongs to Søparken and Nørrevang.
    const reader = await cli('user:role', '--email', 'admin@eksempel.dk', '--role', '0');
    expect(reader.code).toBe(1);
    expect((await userRow('admin@eksempel.dk'))?.role).toBe(1);
  });

  it('user:disable ends the sessions and refuses sign-in; user:enable lets the user in again', async () => {
    const token = await t.login('admin@eksempel.dk');
    const disabled = await cli('user:disable', '--email', 'admin@eksempel.dk');
    expect(disabled).toMatchObject({ code: 0, err: '' });
    expect((await adminList(token)).statusCode).toBe(401);
    expect((await t.attemptLogin('admin@eksempel.dk')).json().Success).toBe(false);

    expect((await cli('user:enable', '--email', 'admin@eksempel.dk')).code).toBe(0);
    expect((await t.attemptLogin('admin@eksempel.dk')).json().Success).toBe(true);
    // The session from before stays ended.
    expect((await adminList(token)).statusCode).toBe(401);
  });

  it('user:delete deletes a user whom no reading names', async () => {
    const id = await userIdOf(t.database.db, 'klover@eksempel.dk');
    const res = await cli('user:delete', '--email', 'klover@eksempel.dk');
    expect(res).toMatchObject({ code: 0, err: '', out: 'Deleted klover@eksempel.dk' });
    expect(await userRow('klover@eksempel.dk')).toBeUndefined();
    expect(await membershipCount(id)).toBe(0);
  });

  it('user:delete keeps a user whom readings name, disabled and without memberships; the readings stay', async () => {
    const id = await userIdOf(t.database.db, 'tekniker@eksempel.dk');
    const readingsBy = async () =>
      (await t.database.db.selectFrom('readings').select('id').where('registered_by', '=', id).execute())
        .length;
    const before = await readingsBy();
    expect(before).toBeGreaterThan(0);

    const res = await cli('user:delete', '--email', 'tekniker@eksempel.dk');
    expect(res.code).toBe(0);
    expect(res.out).toContain('named in readings');
    expect(await userRow('tekniker@eksempel.dk')).toMatchObject({ id, disabled: 1 });
    expect(await membershipCount(id)).toBe(0);
    expect(await readingsBy()).toBe(before);
    expect((await t.attemptLogin('tekniker@eksempel.dk')).json().Success).toBe(false);
  });
});
