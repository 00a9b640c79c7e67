import { toDanishDate, toUsDate } from '@maaler/contract';
import { expect, type Page, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { gate } from './support/gate';
import {
  answerSaved,
  COMMON_ELECTRICITY,
  chooseMeter,
  danishToday,
  daysBefore,
  homeFields,
  isReadingPost,
  pickDate,
  plausibleDayAndNight,
  plausibleValue,
  READING_POSTS,
  readHistory,
  type SentReading,
  screenshot,
  selectedAccountId,
  typeAndSend,
} from './support/reading-report';
import { openSignedIn } from './support/stored-session';

// Meters written here and nowhere else in the browser tests: Søparken afdeling 1 'Varmemåler opgang
// 12' and 'Koldt vand hovedmåler', both on the day before today. The error tests answer in the browser,
// so nothing reaches the database. Values continue the demo history (plausibleValue), so the app's
// plausibility check sends them without a warning.

/** The banner shows the error `text`, and every value typed is still in its field; returns the banner. */
async function expectErrorKeepingValues(page: Page, text: string, typed: Record<string, string>) {
  const alert = page.getByTestId('alert-banner');
  await expect(alert).toHaveText(text);
  await expect(alert).toHaveAttribute('data-type', 'danger');
  for (const [point, value] of Object.entries(typed)) {
    await expect(homeFields(page).value(point)).toHaveValue(value);
  }
  return alert;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.describe('reading report: sending', () => {
  test('sends one reading per point with the US date and comma decimals, and the server stores them', async ({
    page,
  }) => {
    const date = daysBefore(danishToday().iso, 1);
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await chooseMeter(page, 'Søparken 12, kælder', 'Varmemåler opgang 12');
    await pickDate(page, date);
    const energyValue = await plausibleValue(page, 'Energi', 0.35, date);
    const volumeValue = await plausibleValue(page, 'Volumen', 6.2, date);
    await fields.value('Energi').fill(energyValue);
    await fields.value('Volumen').fill(volumeValue.replace(',', '.'));

    const sent = page.waitForRequest(isReadingPost);
    await fields.send.click();
    const request = await sent;
    const accountId = await selectedAccountId(page);
    expect(request.url()).toMatch(new RegExp(`/api/gateway/manualregisterdeviceitemdata/${accountId}$`));
    expect(request.headers()['idempotency-key']).toMatch(UUID);
    expect(request.headers()['x-xsrf-token']).toBeTruthy();
    expect(request.headers().authorization).toMatch(/^Bearer /);
    const body = request.postDataJSON() as SentReading[];
    expect(body).toHaveLength(2);
    const [energy, volume] = body;
    expect(energy).toEqual({
      gatewayId: expect.any(Number),
      deviceId: expect.any(Number),
      dateRecord: toUsDate(date),
      deviceItemId: expect.any(Number),
      value: energyValue,
    });
    expect(volume).toMatchObject({
      gatewayId: energy?.gatewayId,
      deviceId: energy?.deviceId,
      dateRecord: toUsDate(date),
      value: volumeValue,
    });
    expect(volume?.deviceItemId).not.toBe(energy?.deviceItemId);
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');

    const stored = (await readHistory(page, accountId, energy as SentReading)).filter(
      (entry) => entry.DateRecord === date,
    );
    expect(stored).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ DeviceItemId: energy?.deviceItemId, Value: energyValue }),
        expect.objectContaining({ DeviceItemId: volume?.deviceItemId, Value: volumeValue }),
      ]),
    );
    expect(stored).toHaveLength(2);
    // The date stays for the next meter.
    await expect(fields.date).toHaveValue(toDanishDate(date));
  });

  test('a double click, and Enter with a click, send exactly one request', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (isReadingPost(request)) requests.push(request.headers()['idempotency-key'] ?? '');
    });
    const { opened: held, open: release } = gate();
    await page.route(READING_POSTS, async (route) => {
      await held;
      await route.continue();
    });
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    const date = daysBefore(danishToday().iso, 1);
    await chooseMeter(page, 'Søparken 12, kælder', 'Koldt vand hovedmåler');
    await pickDate(page, date);
    const value = fields.value('Volumen');
    const typed = await plausibleValue(page, 'Volumen', 14.5, date);
    await value.fill(typed);

    // Three submits before React can even grey the button: only the in-flight guard stops them.
    await page.locator('form').evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
      form.requestSubmit();
    });
    await fields.send.dblclick({ force: true });
    await value.press('Enter');
    await fields.send.click({ force: true });
    await expect(fields.send).toHaveText('SENDER...');
    await expect(fields.send).toBeDisabled();
    await expect(page.locator('form')).toHaveAttribute('aria-busy', 'true');
    await screenshot(page, 'desktop-saving');
    release();
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(UUID);

    const accountId = await selectedAccountId(page);
    await fields.meter.selectOption({ label: 'Koldt vand hovedmåler' });
    const ids = JSON.parse((await page.evaluate(() => sessionStorage.getItem('registerForm'))) ?? '{}');
    const history = await readHistory(page, accountId, {
      gatewayId: Number(ids.gatewayId),
      deviceId: Number(ids.deviceId),
    });
    expect(history.filter((entry) => entry.DateRecord === date)).toEqual([
      expect.objectContaining({ Value: typed }),
    ]);
  });

  test('SEND is greyed from the press on, also while the plausibility check still loads the history', async ({
    page,
  }) => {
    // The history is held back, so the check before sending waits for it; the answer to the reading
    // comes from the browser, so nothing reaches the database.
    const { opened: historyHeld, open: releaseHistory } = gate();
    await page.route('**/api/gateway/loaddeviceitemhistorylist/*', async (route) => {
      await historyHeld;
      await route.continue();
    });
    const posts: SentReading[][] = [];
    await page.route(READING_POSTS, (route) => {
      posts.push(route.request().postDataJSON() as SentReading[]);
      return answerSaved(route);
    });
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    const today = danishToday().iso;
    await chooseMeter(page, 'Søparken 12, kælder', 'Koldt vand hovedmåler');
    // As in typeAndSend: the photo part arrives after the meter is chosen, and a click aimed before it
    // came can land beside SEND.
    await expect(page.getByRole('group', { name: 'Foto og bemærkning' })).toBeVisible();
    await fields.value('Volumen').fill(await plausibleValue(page, 'Volumen', 14.5, today));
    await expect(fields.send).toBeEnabled();

    await fields.send.click();
    await expect(fields.send).toHaveText('SEND');
    await expect(fields.send).toBeDisabled();
    await expect(fields.send).toHaveClass(/btn-secondary/);
    await expect(page.locator('form')).toHaveAttribute('aria-busy', 'true');
    expect(posts).toHaveLength(0);

    releaseHistory();
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
    expect(posts).toHaveLength(1);
  });

  test('a 406 shows the validation error, stays, and keeps every value typed', async ({ page }) => {
    await page.route(READING_POSTS, (route) =>
      route.fulfill({
        status: 406,
        contentType: 'application/json',
        body: JSON.stringify({ validationError: 'Værdi for målepunktet "Forbrug nat" er ugyldig' }),
      }),
    );
    await page.clock.install();
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    const typed = await typeAndSend(page, COMMON_ELECTRICITY, plausibleDayAndNight);

    const alert = await expectErrorKeepingValues(
      page,
      'Fejl: Værdi for målepunktet "Forbrug nat" er ugyldig',
      typed,
    );
    await expect(page.getByRole('alert').filter({ has: alert })).toBeVisible();
    await expect(fields.meter.locator('option:checked')).toHaveText('Elmåler fællesarealer');
    await expect(fields.send).toBeEnabled();
    await expect(fields.send).toHaveText('SEND');
    await expect(fields.send).toBeFocused();
    await screenshot(page, 'desktop-after-error');

    // No auto-hide for errors.
    await page.clock.fastForward(10_000);
    await expect(alert).toBeVisible();
  });

  test('any other error shows the generic text with the server message and keeps the values', async ({
    page,
  }) => {
    let attempts = 0;
    const { opened: held, open: release } = gate();
    await page.route(READING_POSTS, async (route) => {
      attempts++;
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ Message: 'Databasen svarer ikke' }),
      });
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    const typed = await typeAndSend(page, COMMON_ELECTRICITY, plausibleDayAndNight);
    await expect(fields.send).toHaveText('SENDER...');
    await screenshot(page, 'phone-saving');
    release();

    await expectErrorKeepingValues(
      page,
      'Der er desværre opstået en fejl. Meddelelse: Databasen svarer ikke',
      typed,
    );
    await expect(fields.send).toBeEnabled();
    await screenshot(page, 'phone-after-error');
    expect(attempts).toBe(1);
  });

  test('a lost answer is sent again with the same Idempotency-Key', async ({ page }) => {
    const keys: string[] = [];
    await page.route(READING_POSTS, (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) return route.abort('connectionreset');
      return answerSaved(route);
    });
    await openSignedIn(page, demoUsers.customerUser);
    await typeAndSend(page, ['Søparken 14, teknikrum', 'Varmt vand'], () => ({ Volumen: '12' }));
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(UUID);
  });
});
