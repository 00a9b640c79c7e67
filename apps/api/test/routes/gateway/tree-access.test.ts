import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NAMES, accountIdOf, CUSTOMER_NAMES, customerIdOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

// GET /api/gateway/loadlistsimple/{accountId} checks access inside its tree query; these are the
// cases where that query finds no rows.
describe('GET /api/gateway/loadlistsimple/{accountId} without rows', () => {
  let t: TestApp;
  let emptyAccount: string;

  beforeAll(async () => {
    t = await createTestApp();
    emptyAccount = randomUUID();
    await t.database.db
      .insertInto('accounts')
      .values({
        id: emptyAccount,
        customer_id: await customerIdOf(t.database.db, CUSTOMER_NAMES.soparken),
        name: 'Søparken afdeling 3',
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(async () => t.close());

  const load = async (email: string, accountId: string) =>
    t.inject({ method: 'GET', url: `/api/gateway/loadlistsimple/${accountId}`, token: await t.login(email) });

  it('answers an empty list for a reachable account without locations', async () => {
    const res = await load('admin@eksempel.dk', emptyAccount);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 404 for an account without locations that the user does not reach', async () => {
    expect((await load('kunde@eksempel.dk', emptyAccount)).statusCode).toBe(404);
    expect((await load('klover@eksempel.dk', emptyAccount)).statusCode).toBe(404);
  });

  it('answers 404 for an account with locations that the user does not reach, and for no account', async () => {
    const klover = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    expect((await load('kunde@eksempel.dk', klover)).statusCode).toBe(404);
    expect((await load('admin@eksempel.dk', klover)).statusCode).toBe(404);
    expect((await load('admin@eksempel.dk', randomUUID())).statusCode).toBe(404);
  });
});
