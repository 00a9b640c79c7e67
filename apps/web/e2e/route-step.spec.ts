import { expect, type Page, type Route, test } from '@playwright/test';
import { waitForOfflineReady, waitingButton } from './support/offline-capture';
import { homeFields, READING_POSTS } from './support/reading-report';
import { retireMeterAsAdmin, routeTenantForFile } from './support/route-tenant';
import { expectedValue, routeDialog, serverStatuses } from './support/route-walk';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// Route mode's step (issue 40 goal 2, ADR 054): a SEND is kept on the device and the form moves on at
// once; the sync sends it behind. On a route of its own (support/route-tenant.ts), in order: the first
// test reads Hybenvej 1, the second Hybenvej 3, the third Hybenvej 5 and 7 without a connection.
test.describe.configure({ mode: 'serial' });

const tenant = routeTenantForFile();

/** Opens the route at 375 px and takes `house` from it; its value has the focus. */
async function startAt(page: Page, house: number): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, tenant);
  await page.getByRole('button', { name: 'Rute' }).click();
  const serial = `HYB-${String(house).padStart(3, '0')}`;
  await routeDialog(page)
    .getByRole('button', { name: `Hybenvej ${house} Serienr. ${serial} Mangler` })
    .click();
  await expect(homeFields(page).value('Volumen')).toBeFocused();
}

/** Types a value inside the expected range and presses Enter, as the reader does between two meters. */
async function readAndEnter(page: Page): Promise<void> {
  await page.keyboard.type(await expectedValue(page, 'Volumen'));
  await page.keyboard.press('Enter');
}

/** The next meter is chosen and its value field is focused and empty: the reader can type on. */
async function expectReadyAt(page: Page, house: number): Promise<void> {
  await expect(page.getByTestId('route-announcement')).toHaveText(`Næste måler: Hybenvej ${house}`);
  const fields = homeFields(page);
  await expect(fields.meter.locator('option:checked')).toHaveText(`Hybenvej ${house}`);
  await expect(fields.value('Volumen')).toBeFocused();
  await expect(fields.value('Volumen')).toHaveValue('');
}

test('the step moves on before the server answers, and the server has the reading afterwards', async ({
  page,
}) => {
  await startAt(page, 1);
  // The reading's POST is held until the next meter is ready, then goes on to the real server.
  let post: (value: Route) => void = () => {};
  const held = new Promise<Route>((resolve) => {
    post = resolve;
  });
  await page.route(READING_POSTS, (route) => post(route));

  await readAndEnter(page);
  await expectReadyAt(page, 3);
  const route = await held;
  expect((await serverStatuses(page)).get('Hybenvej 1')).toBe('Mangler');

  // The reader types on at the next meter while the reading goes: the sync behind leaves that alone.
  await page.keyboard.type('1');
  await route.continue();
  await expect(page.getByTestId('alert-banner')).toHaveText('1 måling er sendt');
  await expect(waitingButton(page)).toHaveCount(0);
  expect((await serverStatuses(page)).get('Hybenvej 1')).toBe('Aflæst');
  await expect(homeFields(page).value('Volumen')).toBeFocused();
  await expect(homeFields(page).value('Volumen')).toHaveValue('1');
  await expectSoundScreen(page);
});

test('a reading the server refuses after the step moved on is shown to the reader and stays to be corrected', async ({
  page,
  playwright,
}) => {
  await startAt(page, 3);
  // The office takes Hybenvej 3 out of service while the reader stands at it: the server refuses
  // new readings of it (406), which the form, loaded before, cannot know.
  const deviceId = Number(await homeFields(page).meter.inputValue());
  const baseURL = new URL(page.url()).origin;
  await retireMeterAsAdmin(await playwright.request.newContext({ baseURL }), tenant, deviceId);

  await readAndEnter(page);
  await expectReadyAt(page, 5);
  const refusal =
    'Målingen for Hybenvej 3 blev ikke gemt. Meddelelse: Målepunktet "Volumen" sidder på en måler, der er ' +
    'skiftet ud; den kan ikke få nye aflæsninger. Ret eller slet den under Afventer afsendelse.';
  await expect(page.getByTestId('alert-banner')).toHaveText(refusal);
  await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');
  await expectSoundScreen(page);
  await page.screenshot({ path: '/tmp/screens/route-step-refused.png', fullPage: true });

  // The next step's news does not hide it.
  await readAndEnter(page);
  await expectReadyAt(page, 7);
  await expect.poll(async () => (await serverStatuses(page)).get('Hybenvej 5')).toBe('Aflæst');
  await expect(page.getByTestId('alert-banner')).toHaveText(refusal);

  await waitingButton(page).click();
  const item = page.getByRole('dialog', { name: 'Afventer afsendelse' }).getByTestId('waiting-reading');
  await expect(item.getByTestId('waiting-reading-failed')).toHaveText(
    'Kunne ikke sendes: Målepunktet "Volumen" sidder på en måler, der er skiftet ud; den kan ikke få nye aflæsninger',
  );
});

test.describe('without a connection', () => {
  test.use({ serviceWorkers: 'allow' });

  test('steps keep the readings on the device and move on; they are sent when the connection returns', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, tenant);
    await waitForOfflineReady(page);
    await page.getByRole('button', { name: 'Rute' }).click();
    await routeDialog(page).getByRole('button', { name: 'Hybenvej 9 Serienr. HYB-009 Mangler' }).click();
    await expect(homeFields(page).value('Volumen')).toBeFocused();

    await context.setOffline(true);
    await readAndEnter(page);
    await expectReadyAt(page, 11);
    await readAndEnter(page);
    await expectReadyAt(page, 13);
    await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 2');
    await expect(page.getByTestId('alert-banner')).toHaveText(
      'Målingen er gemt på enheden og sendes automatisk',
    );

    await context.setOffline(false);
    await expect(waitingButton(page)).toHaveCount(0, { timeout: 20_000 });
    await expect
      .poll(async () => {
        const statuses = await serverStatuses(page);
        return ['Hybenvej 9', 'Hybenvej 11', 'Hybenvej 13'].map((name) => statuses.get(name));
      })
      .toEqual(['Aflæst', 'Aflæst', 'Mangler']);
  });
});
