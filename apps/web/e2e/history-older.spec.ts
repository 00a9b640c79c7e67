import { HISTORY_PAGE_DATES, toDanishDate, toUsDate } from '@maaler/contract';
import { expect, type Page, test } from '@playwright/test';
import { demoUsers, fillLogin } from './support/auth';
import { type OwnServer, startOwnServer } from './support/own-server';
import { historyButton, historyDialog, historyPoint } from './support/reading-history';
import { chooseMeter, selectedAccountId } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';

// ADR 053: the history answers a meter's newest dates; `Vis ældre` reaches the ones before them. On a
// server of its own, so that four years of readings on Kløverhuse 'Vandmåler' meet no other test.
test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const OLDER_MONTHS = 49;
const DEMO_DATES = 6;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startOwnServer({});
});
test.afterAll(async () => {
  await server?.stop();
});

/** A call to the API with the page's session, as the app makes it. */
function callApi(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((part) => part.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${window.sessionStorage.getItem('token')}`,
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? ''),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  );
}

type Tree = {
  GatewayId: number;
  Name: string;
  DeviceList: { DeviceId: number; Name: string; DeviceItemList: { DeviceItemId: number; Name: string }[] }[];
}[];

/** The 15th of the month `months` before April 2026, before the demo history (from 1 May 2026). */
function olderDate(months: number): string {
  return new Date(Date.UTC(2026, 3 - months, 15)).toISOString().slice(0, 10);
}

test('Vis ældre shows the readings before the newest dates, the average per day the same throughout', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${server.baseUrl}/login`);
  await fillLogin(page, demoUsers.otherCustomer);
  await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible({
    timeout: 20_000,
  });

  // Four years of monthly readings before the demo's six months.
  const accountId = await selectedAccountId(page);
  const tree = (await callApi(page, 'GET', `/api/gateway/loadlistsimple/${accountId}`)) as Tree;
  const gateway = tree.find((candidate) => candidate.Name === 'Kløvervej 3, kælder');
  const device = gateway?.DeviceList.find((candidate) => candidate.Name === 'Vandmåler');
  const point = device?.DeviceItemList[0];
  if (!gateway || !device || !point) throw new Error('the demo has Kløverhuse Vandmåler');
  await callApi(
    page,
    'POST',
    `/api/gateway/manualregisterdeviceitemdata/${accountId}`,
    Array.from({ length: OLDER_MONTHS }, (_, index) => ({
      gatewayId: gateway.GatewayId,
      deviceId: device.DeviceId,
      deviceItemId: point.DeviceItemId,
      dateRecord: toUsDate(olderDate(index)),
      value: String(6901 - 100 * index),
      plausibilityOverride: true,
    })),
  );

  await chooseMeter(page, 'Kløvervej 3, kælder', 'Vandmåler');
  await historyButton(page).click();
  const dialog = historyDialog(page);
  const volumen = historyPoint(page, 'Volumen (m³)');
  const rows = volumen.getByRole('region', { name: 'Tabel over målinger for Volumen' }).locator('tbody tr');
  await expect(rows).toHaveCount(HISTORY_PAGE_DATES);
  const oldestShown = olderDate(HISTORY_PAGE_DATES - DEMO_DATES - 1);
  await expect(rows.last()).toHaveAttribute('data-date', oldestShown);
  const average = volumen.getByText(/^Stiplet linje: gennemsnit /);
  const averageOfAll = await average.textContent();

  const showOlder = dialog.getByRole('button', { name: 'Vis ældre' });
  await expect(showOlder).toBeVisible();
  await showOlder.click();
  await expect(rows).toHaveCount(DEMO_DATES + OLDER_MONTHS);
  await expect(rows.last()).toHaveAttribute('data-date', olderDate(OLDER_MONTHS - 1));
  await expect(
    volumen.getByRole('rowheader', { name: toDanishDate(oldestShown), exact: true }),
  ).toBeVisible();
  await expect(showOlder).toHaveCount(0);
  // The whole history's average per day, before and after the older readings are loaded.
  await expect(average).toHaveText(averageOfAll ?? '');
  await expectSoundScreen(page);
});
