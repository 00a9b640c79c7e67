import { type APIRequestContext, expect, test } from '@playwright/test';
import { addOwnTenant, addUser, ownTenantNames, runCli } from './cli';

// The route-mode browser tests walk a route of their own, made anew for each run and retry: the tests
// read and skip its meters in turn, so a retry of the group must not meet what the attempt before did.
// It has the demo's shape: a terrace of 50 houses with a cold-water meter each, walked up the odd side
// and back down the even side (so the route order is not the name order), every meter with half a
// year of monthly readings before this month (so each has an expected range and is 'Mangler').
export const ROUTE_LOCATION = 'Rækkehusene, Hybenvej';

const HOUSES_PER_SIDE = 25;
const HISTORY_MONTHS = 6;

const serialOf = (house: number) => `HYB-${String(house).padStart(3, '0')}`;

/** The houses in route order: up the odd side, back down the even side. */
function routeOrder(): number[] {
  const odd = Array.from({ length: HOUSES_PER_SIDE }, (_, i) => 2 * i + 1);
  const even = Array.from({ length: HOUSES_PER_SIDE }, (_, i) => 2 * (HOUSES_PER_SIDE - i));
  return [...odd, ...even];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Each house's monthly readings, on the first of each of the months before this one. */
function historyCsv(houses: readonly number[]): string {
  const now = new Date();
  const firsts = Array.from(
    { length: HISTORY_MONTHS },
    (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - HISTORY_MONTHS + i, 1)),
  );
  const rows = houses.flatMap((house) => {
    const perDay = 0.3 + (house % 5) * 0.05;
    const start = 400 + house * 7.5;
    return firsts.map((day) => {
      const days = (day.getTime() - (firsts[0]?.getTime() ?? 0)) / 86_400_000;
      const value = (start + perDay * days).toFixed(1).replace('.', ',');
      return `${serialOf(house)};Volumen;${isoDay(day)};${value}`;
    });
  });
  return ['Serienummer;Målepunkt;Dato;Værdi', ...rows].join('\n');
}

/** `residents`: each house gets a resident with an e-mail of this run (`beboer{house}-{run}@eksempel.dk`). */
function metersCsv(houses: readonly number[], residents: string | null): string {
  const rows = houses.map(
    (house) =>
      `${ROUTE_LOCATION};Hybenvej 1-50, 5000 Odense C;Hybenvej ${house};${serialOf(house)};Vand;Volumen;m³` +
      (residents === null ? '' : `;Beboer ${house};beboer${house}-${residents}@eksempel.dk`),
  );
  const heading = `Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed${residents === null ? '' : ';Beboer;Beboer e-mail'}`;
  return [heading, ...rows].join('\n');
}

type Admin = { email: string; password: string };

/** Signs the tenant's administrator in through the API; the headers their writes carry. */
async function adminHeaders(api: APIRequestContext, admin: Admin): Promise<Record<string, string>> {
  // Any answer sets the anti-forgery cookie that unsafe requests echo in a header.
  await api.get('/version.json');
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await api.post('/api/authenticate/userauthenticate/v2', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    data: { email: admin.email, password: admin.password, rememberme: false, area: 9 },
  });
  const { Token } = (await login.json()) as { Token?: string };
  expect(Token, 'the administrator signs in').toBeTruthy();
  return { Authorization: `Bearer ${Token}`, 'X-XSRF-TOKEN': xsrf };
}

/** Applies import files through the API as the tenant's administrator (ADR 018); disposes of `api`. */
async function importAsAdmin(
  api: APIRequestContext,
  admin: Admin,
  accountId: string,
  files: { kind: 'meters' | 'readings'; csv: string }[],
): Promise<void> {
  try {
    const headers = await adminHeaders(api, admin);
    for (const { kind, csv } of files) {
      const post = () =>
        api.post(`/api/admin/import/${accountId}/${kind}?mode=apply`, {
          headers,
          data: { format: 'csv', data: Buffer.from(csv, 'utf8').toString('base64') },
        });
      let answer = await post();
      // One import at a time per server (429): another spec file's route may be on its way in.
      for (let tries = 0; answer.status() === 429 && tries < 30; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        answer = await post();
      }
      expect(answer.status(), await answer.text()).toBe(200);
      expect(((await answer.json()) as { applied: boolean }).applied).toBe(true);
    }
  } finally {
    await api.dispose();
  }
}

/** The administrator takes a meter out of service (`Målere`), as the office may while a reader walks; disposes of `api`. */
export async function retireMeterAsAdmin(
  api: APIRequestContext,
  tenant: RouteTenant,
  deviceId: number,
): Promise<void> {
  try {
    const answer = await api.post(`/api/admin/meters/retiremeter/${deviceId}/${tenant.accountId}`, {
      headers: await adminHeaders(api, tenant.admin),
    });
    expect(answer.status(), await answer.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

export type RouteTenant = { email: string; password: string; accountId: string; admin: Admin };

/**
 * The route tests' tenant: one account with the terrace (meters, history and route order by import and
 * the CLI, as an operator would), its meter reader (role 0), who signs in with the returned password,
 * and its administrator;
 * with `residents`, every meter has a resident with an e-mail.
 * `api` is a request context on the app's origin, used for the imports and then disposed of.
 */
export async function addRouteTenant(
  api: APIRequestContext,
  options: { residents?: boolean } = {},
): Promise<RouteTenant> {
  const names = ownTenantNames('Rækkehusene', 'rute');
  const { accountId, gatewayId } = addOwnTenant(names, {
    address: { address: 'Hybenvej 1-50', postal: '5000', town: 'Odense C' },
    location: ROUTE_LOCATION,
    meters: [],
    user: { name: 'Rute aflæser', role: 0 },
  });
  const admin = { email: `rute-admin-${names.run}@eksempel.dk`, password: names.password };
  addUser({
    email: admin.email,
    name: 'Rute administrator',
    role: 1,
    customer: names.customer,
    password: admin.password,
  });
  const houses = routeOrder();
  await importAsAdmin(api, admin, accountId, [
    { kind: 'meters', csv: metersCsv(houses, options.residents ? names.run : null) },
    { kind: 'readings', csv: historyCsv(houses) },
  ]);
  runCli('location:route', '--location', String(gatewayId), '--serials', houses.map(serialOf).join(','));
  return { email: names.email, password: names.password, accountId, admin };
}

/**
 * For the calling file's tests: a route tenant of their own, added before the first test. Its fields
 * are there inside the tests.
 */
export function routeTenantForFile(options: { residents?: boolean } = {}): RouteTenant {
  let tenant: RouteTenant | undefined;
  test.beforeAll(async ({ playwright }, testInfo) => {
    // Six CLI runs and two imports on a machine that may be busy.
    test.setTimeout(90_000);
    const baseURL = testInfo.project.use.baseURL;
    if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
    tenant = await addRouteTenant(await playwright.request.newContext({ baseURL }), options);
  });
  const added = (): RouteTenant => {
    if (!tenant) throw new Error('the route tenant is added in beforeAll');
    return tenant;
  };
  return {
    get email() {
      return added().email;
    },
    get password() {
      return added().password;
    },
    get accountId() {
      return added().accountId;
    },
    get admin() {
      return added().admin;
    },
  };
}
