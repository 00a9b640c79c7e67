import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NAMES, accountIdOf, snapshotData } from '../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const REFUSED = {
  Message: 'Teksten indeholder ugyldige tegn (styretegn eller tegn, der vender skriveretningen)',
};
/** NUL (a 500 on PostgreSQL before), other C0 and C1 controls, and the bidi overrides and isolates. */
const BAD = ['\u0000', '\u0007', '\u001b[31m', '\u0085', '\u202e', '\u2066', '\u2069'];

describe('control and bidi-override characters in names and settings', () => {
  let t: TestApp;
  let admin: string;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@eksempel.dk');
    accountId = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => t.inject({ method: 'POST', url, token: admin, payload });
  const requests = (text: string): [string, object][] => [
    ['/api/user/savecurrent', { name: `Anders${text}`, email: 'admin@eksempel.dk', accountId }],
    ['/api/account/settingsave', { accountid: accountId, key: 'visning', value: `kompakt${text}` }],
    [
      `/api/customer/savebyaccount/${accountId}`,
      { name: 'Søparken', address: `Søvej${text} 1`, postal: '8000', town: 'Aarhus' },
    ],
    [
      `/api/customer/savebyaccount/${accountId}`,
      { name: `Sø${text}parken`, address: 'Søvej 1', postal: '8000', town: 'Aarhus' },
    ],
  ];

  it('answers 400 with a Danish message and stores nothing, on every database', async () => {
    const before = await snapshotData(t.database.db);
    for (const text of BAD) {
      for (const [url, payload] of requests(text)) {
        const res = await post(url, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json()).toEqual(REFUSED);
      }
    }
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('answers 400 to a user search with them (a NUL was a 500 on PostgreSQL)', async () => {
    for (const text of BAD) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/admin/users?q=${encodeURIComponent(`ad${text}min`)}`,
        token: admin,
      });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json()).toEqual(REFUSED);
    }
    const ordinary = await t.inject({
      method: 'GET',
      url: '/api/admin/users?q=%20Søparken%09',
      token: admin,
    });
    expect(ordinary.statusCode).toBe(200);
  });

  it('keeps accepting ordinary Danish text, tabs and line breaks only at the ends (trimmed)', async () => {
    for (const [url, payload] of requests(' æøå ÆØÅ – «»')) {
      expect((await post(url, payload)).statusCode, url).toBe(200);
    }
    const res = await post('/api/user/savecurrent', {
      name: '\tAnders A.\n',
      email: 'admin@eksempel.dk',
      accountId,
    });
    expect(res.json()).toEqual({ Success: true, Message: '' });
  });
});
