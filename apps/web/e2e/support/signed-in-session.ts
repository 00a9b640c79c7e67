import { AccountDetail, AccountList, GatewayTree, LoginResponse } from '@maaler/contract';
import { httpRequest } from '@maaler/test-support/http-client';
import { DEMO_PASSWORD } from '../../../api/src/startup/demo/demo-data.ts';
import { markKey, writtenMark } from '../../src/lib/browser-storage/written-mark.ts';

/** The session copies of server data, which the app marks as its own when it writes them (ADR 055). */
const MARKED_COPIES = ['accountinfolist', 'accountselected', 'customer', 'gatewaylist'];

/**
 * Signs a user in through the API (a demo user unless `password` is its own) and returns the session
 * storage the app itself writes at sign-in (product spec §3: the session profile, the account list, the
 * selected account with its customer, and the cached gateway list), key by key as the text the app
 * stores. Only for users the app takes straight to home: one customer, or a meter reader.
 */
export async function signedInSessionStorage(
  baseUrl: string,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<Record<string, string>> {
  const answer = await httpRequest(baseUrl, {
    method: 'POST',
    path: '/api/authenticate/userauthenticate/v2',
    body: { email, password, rememberme: false, area: 9 },
  });
  const login = LoginResponse.parse(answer.body);
  if (!login.Success || !login.Token || !login.Claims) throw new Error(`login of ${email} failed`);
  const token = login.Token;
  const get = async (path: string) => (await httpRequest(baseUrl, { method: 'GET', path, token })).body;

  const accounts = AccountList.parse(await get('/api/account/loadlistbycurrentuser/v2/9'));
  const account = accounts[0];
  if (!account) throw new Error(`${email} has no account`);
  const detail = AccountDetail.parse(await get(`/api/account/loadsimple/${account.guid}`));
  const gateways = GatewayTree.parse(await get(`/api/gateway/loadlistsimple/${account.guid}`));
  const claims = login.Claims;
  return {
    token,
    expires: claims.expires,
    guid: claims.nameIdentifier,
    name: claims.name,
    role: JSON.stringify(claims.role),
    accountlist: claims.accountList,
    customerlist: claims.customerList,
    email: claims.email,
    measuregrouplist: '',
    resetpassword: JSON.stringify(login.ResetPassword),
    lastaction: JSON.stringify(Date.now()),
    accountinfolist: JSON.stringify(accounts),
    accountselected: JSON.stringify(account),
    accountid: account.guid,
    accountname: account.name,
    customerid: detail.CustomerId,
    customer: JSON.stringify({
      name: detail.CompanyName,
      address: detail.CompanyAddress,
      postalcode: detail.CompanyPostal,
      town: detail.CompanyTown,
    }),
    gatewaylist: JSON.stringify({ accountId: account.guid, gateways }),
  };
}

/** What signing a tab in needs of a page: Puppeteer's pages (the benches) and Playwright's (the browser tests) have it. */
type Tab = {
  goto(url: string): Promise<{ json(): Promise<unknown> } | null>;
  evaluate(
    write: (entries: Record<string, string>) => void,
    entries: Record<string, string>,
  ): Promise<unknown>;
};

/**
 * Signs the user in through the API (its own `password`, else the demo users') and writes the session storage of that sign-in into `page`,
 * on a file of the app's origin that is not the app (version.json): the page's next load of /home is
 * a signed-in cold start, with no extra headers and no change to the app. The copies carry the marks
 * that the served build writes beside them, as after a sign-in in the app.
 */
export async function signInTab(page: Tab, baseUrl: string, email: string, password?: string): Promise<void> {
  const copies = await signedInSessionStorage(baseUrl, email, password);
  const version = await page.goto(`${baseUrl}/version.json`);
  if (!version) throw new Error('version.json did not load');
  const { hash } = (await version.json()) as { hash: string };
  await page.evaluate(
    (entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) window.sessionStorage.setItem(key, value);
    },
    withWrittenMarks(copies, hash),
  );
}

/** `copies` with the marks that the build `hash` writes beside the server-data copies. */
function withWrittenMarks(copies: Record<string, string>, hash: string): Record<string, string> {
  const storage = { ...copies };
  for (const key of MARKED_COPIES) storage[markKey(key)] = writtenMark(hash, copies[key] ?? '');
  return storage;
}
