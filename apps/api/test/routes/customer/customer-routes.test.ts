import { Customer, CustomerList, MESSAGES, SuccessResponse } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NAMES, accountIdOf, CUSTOMER_NAMES, customerIdOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

describe('customer routes', () => {
  let t: TestApp;
  let kunde: string;
  let admin: string;
  let soparken: string;
  let norrevang: string;
  let klover: string;
  let soparken1: string;

  beforeAll(async () => {
    t = await createTestApp();
    kunde = await t.login('kunde@eksempel.dk');
    admin = await t.login('admin@eksempel.dk');
    soparken = await customerIdOf(t.database.db, CUSTOMER_NAMES.soparken);
    norrevang = await customerIdOf(t.database.db, CUSTOMER_NAMES.norrevang);
    klover = await customerIdOf(t.database.db, CUSTOMER_NAMES.klover);
    soparken1 = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
  });
  afterAll(async () => t.close());

  /** The body is a JSON string, not an object, as the app sends the session's customer list. */
  const loadList = (list: string, token: string) =>
    t.inject({
      method: 'POST',
      url: '/api/customer/loadlistbyid',
      token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(list),
    });

  it('loadlistbyid returns the listed customers the user belongs to, in Danish name order', async () => {
    const res = await loadList(`${soparken},${norrevang}`, admin);
    expect(res.statusCode).toBe(200);
    expect(CustomerList.parse(res.json())).toEqual([
      {
        guid: soparken,
        name: CUSTOMER_NAMES.soparken,
        address: 'Søparken 12',
        postal: '8260',
        town: 'Viby J',
      },
      {
        guid: norrevang,
        name: CUSTOMER_NAMES.norrevang,
        address: 'Nørrevang 4',
        postal: '5000',
        town: 'Odense C',
      },
    ]);
  });

  it('loadlistbyid silently drops ids the user does not belong to', async () => {
    const res = await loadList(`${klover}, ${soparken},${norrevang}`, kunde);
    expect(CustomerList.parse(res.json()).map((c) => c.guid)).toEqual([soparken]);
    expect((await loadList('', kunde)).json()).toEqual([]);
  });

  it('loadlistbyid refuses a body that is not a list of guids', async () => {
    const res = await loadList('abc,def', kunde);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: MESSAGES.customerListInvalid });
  });

  it('loadbyaccount returns the account’s customer', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/customer/loadbyaccount/${soparken1}`,
      token: kunde,
    });
    expect(Customer.parse(res.json())).toEqual({
      guid: soparken,
      name: CUSTOMER_NAMES.soparken,
      address: 'Søparken 12',
      postal: '8260',
      town: 'Viby J',
    });
  });

  it('savebyaccount lets an administrator update the account’s customer', async () => {
    const fields = {
      name: ' Boligforeningen Søparken I/S ',
      address: 'Søparken 10',
      postal: '8260',
      town: 'Viby J',
    };
    const res = await t.inject({
      method: 'POST',
      url: `/api/customer/savebyaccount/${soparken1}`,
      token: admin,
      payload: fields,
    });
    expect(SuccessResponse.parse(res.json())).toEqual({ Success: true, Message: '' });
    const saved = await t.inject({
      method: 'GET',
      url: `/api/customer/loadbyaccount/${soparken1}`,
      token: kunde,
    });
    expect(saved.json()).toEqual({ guid: soparken, ...fields, name: 'Boligforeningen Søparken I/S' });
  });

  it('savebyaccount refuses non-administrators and invalid bodies', async () => {
    const fields = { name: 'X', address: 'Y', postal: '1', town: 'Z' };
    const url = `/api/customer/savebyaccount/${soparken1}`;
    expect((await t.inject({ method: 'POST', url, token: kunde, payload: fields })).statusCode).toBe(403);
    const invalid = await t.inject({ method: 'POST', url, token: admin, payload: { ...fields, town: ' ' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ Message: MESSAGES.townRequired });
  });
});
