import { toDanishDate, toUsDate } from '@maaler/contract';
import { expect, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { gate } from './support/gate';
import {
  chooseMeter,
  danishToday,
  daysBefore,
  homeFields,
  isReadingPost,
  plausibleValue,
  readHistory,
  type SentReading,
  screenshot,
  selectedAccountId,
} from './support/reading-report';
import { openSignedIn } from './support/stored-session';

// Meters used here and nowhere else in the browser tests: Nørrevang 'Vandmåler' (today's date) and
// Søparken afdeling 2 'Gasmåler kedel' (the day before today), with values that continue their demo
// history (no plausibility warning).

test.describe('reading report: the whole flow', () => {
  test('a meter reader reports today, sees the success and the new last value', async ({ page }) => {
    const today = danishToday();
    await openSignedIn(page, demoUsers.technician);
    const fields = homeFields(page);
    await expect(fields.account).toBeDisabled();
    await expect(fields.account.locator('option:checked')).toHaveText('Nørrevang erhvervslejemål');
    await expect(fields.meter).toBeDisabled();
    await expect(fields.date).toHaveValue(today.danish);
    await expect(fields.date).toHaveAttribute('readonly', '');
    await expect(fields.send).toBeDisabled();
    await expect(fields.send).toHaveText('SEND');
    await screenshot(page, 'desktop-empty');

    await chooseMeter(page, 'Nørrevang 4, kælder', 'Vandmåler');
    const volume = fields.value('Volumen');
    await expect(volume).toHaveAttribute('inputmode', 'decimal');
    await expect(volume).toHaveAttribute('placeholder', 'Indtast måling for Volumen');
    await expect(
      page.getByText(/^Sidste indberettet måling: \d+(,\d+)? \(\d{2}-\d{2}-\d{4}\)$/),
    ).toBeVisible();
    const typed = await plausibleValue(page, 'Volumen', 3.4, today.iso);
    await volume.fill(typed);
    await expect(fields.send).toBeEnabled();
    await expect(fields.send).toHaveClass(/btn-primary/);
    await screenshot(page, 'desktop-filled');

    const sent = page.waitForRequest(isReadingPost);
    await fields.send.click();
    const body = (await sent).postDataJSON() as SentReading[];
    expect(body).toEqual([expect.objectContaining({ value: typed })]);

    const alert = page.getByTestId('alert-banner');
    await expect(alert).toHaveText('Måling er nu registreret');
    await expect(alert).toHaveAttribute('data-type', 'success');
    await expect(fields.meter).toHaveValue('');
    await expect(fields.location.locator('option:checked')).toHaveText('Nørrevang 4, kælder');
    await expect(fields.meter).toBeEnabled();
    await expect(fields.meter).toBeFocused();
    await expect(volume).toHaveCount(0);
    await screenshot(page, 'desktop-after-success');
    // A reload now must not bring back what was just sent.
    const draft = JSON.parse((await page.evaluate(() => sessionStorage.getItem('registerForm'))) ?? 'null');
    expect(draft).toMatchObject({ deviceId: '', date: today.iso, readings: [] });

    await fields.meter.selectOption({ label: 'Vandmåler' });
    await expect(volume).toHaveValue('');
    await expect(page.getByText(`Sidste indberettet måling: ${typed} (${today.danish})`)).toBeVisible();

    const history = await readHistory(page, await selectedAccountId(page), body[0] as SentReading);
    expect(history[0]).toMatchObject({ DateRecord: today.iso, Value: typed });
  });
});

test.describe('reading report: accounts and the cascade', () => {
  test('with two accounts, changing the account clears and disables location and meter and reloads', async ({
    page,
  }) => {
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await expect(fields.account).toBeEnabled();
    await expect(fields.account.locator('option')).toHaveText(['Søparken afdeling 1', 'Søparken afdeling 2']);
    await expect(fields.location.locator('option')).toHaveText([
      'Vælg lokation',
      'Søparken 12, kælder',
      'Søparken 14, teknikrum',
    ]);
    await chooseMeter(page, 'Søparken 12, kælder', 'Varmemåler opgang 12');
    await expect(fields.value('Energi')).toBeVisible();
    await expect(fields.value('Volumen')).toBeVisible();

    const { opened: held, open: releaseGateways } = gate();
    await page.route('**/api/gateway/loadlistsimple/*', async (route) => {
      await held;
      await route.continue();
    });
    const reload = page.waitForRequest('**/api/gateway/loadlistsimple/*');
    await fields.account.selectOption({ label: 'Søparken afdeling 2' });

    await expect(fields.location).toBeDisabled();
    await expect(fields.location).toHaveValue('');
    await expect(fields.meter).toBeDisabled();
    await expect(fields.meter).toHaveValue('');
    await expect(fields.value('Energi')).toHaveCount(0);
    const accounts = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem('accountinfolist'))) ?? '[]',
    );
    const second = accounts.find((account: { name: string }) => account.name === 'Søparken afdeling 2');
    expect((await reload).url()).toContain(`/api/gateway/loadlistsimple/${second.guid}`);

    releaseGateways();
    await expect(fields.location).toBeEnabled();
    await expect(fields.location.locator('option')).toHaveText(['Vælg lokation', 'Søparken 20, fyrrum']);
    await expect(fields.meter).toBeDisabled();
    expect(await selectedAccountId(page)).toBe(second.guid);
    const cache = JSON.parse((await page.evaluate(() => sessionStorage.getItem('gatewaylist'))) ?? 'null');
    expect(cache.accountId).toBe(second.guid);

    await fields.location.selectOption({ label: 'Søparken 20, fyrrum' });
    await expect(fields.meter).toBeEnabled();
    await expect(fields.meter.locator('option')).toHaveText([
      'Vælg måler',
      'Gasmåler kedel',
      'Varmemåler fjernvarme',
    ]);
    await fields.meter.selectOption({ label: 'Varmemåler fjernvarme' });
    await expect(page.getByRole('textbox', { name: /^(Energi|Volumen|Driftstimer) / })).toHaveCount(3);
    await expect(fields.value('Driftstimer')).toHaveAccessibleName('Driftstimer (timer)');
  });

  test('the form survives a page reload within the session', async ({ page }) => {
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await chooseMeter(page, 'Søparken 14, teknikrum', 'Elmåler fællesarealer');
    await fields.value('Forbrug dag').fill('15300,5');
    await fields.value('Forbrug nat').fill('1,2,3');
    await fields.value('Forbrug nat').blur();
    const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem('registerForm'))) ?? 'null');
    expect(stored).toMatchObject({
      gatewayId: expect.any(String),
      deviceId: expect.any(String),
      date: danishToday().iso,
      readings: [
        { deviceItemId: expect.any(Number), value: '15300,5' },
        { deviceItemId: expect.any(Number), value: '1,2,3' },
      ],
    });

    await page.reload();
    await expect(fields.location.locator('option:checked')).toHaveText('Søparken 14, teknikrum');
    await expect(fields.meter.locator('option:checked')).toHaveText('Elmåler fællesarealer');
    await expect(fields.value('Forbrug dag')).toHaveValue('15300,5');
    await expect(fields.value('Forbrug nat')).toHaveValue('1,2,3');
    // The invalid value shows why SEND is greyed at once.
    await expect(page.getByText('Indtast et tal, fx 1234,5')).toBeVisible();
    await expect(fields.send).toBeDisabled();

    // Signing out ends the draft with the session.
    await page.getByRole('button', { name: 'Log ud' }).click();
    await openSignedIn(page, demoUsers.customerUser);
    await expect(fields.location).toHaveValue('');
    await expect(fields.value('Forbrug dag')).toHaveCount(0);
  });
});

test.describe('reading report on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('one column, large touch targets, and the whole flow works', async ({ page }) => {
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await screenshot(page, 'phone-empty');
    await fields.account.selectOption({ label: 'Søparken afdeling 2' });
    await chooseMeter(page, 'Søparken 20, fyrrum', 'Gasmåler kedel');
    const yesterday = daysBefore(danishToday().iso, 1);
    await pickDateOnPhone(page, yesterday);
    const typed = await plausibleValue(page, 'Volumen', 21.3, yesterday);
    await fields.value('Volumen').fill(typed);
    await expect(fields.send).toBeEnabled();
    await screenshot(page, 'phone-filled');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const fullWidth = [fields.account, fields.location, fields.meter, fields.value('Volumen'), fields.send];
    const boxes = await Promise.all(fullWidth.map((field) => field.boundingBox()));
    for (const box of boxes) {
      expect(box?.width).toBeGreaterThan(340);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    // One column: every field starts at the same left edge, the date and its button share one row.
    const date = await fields.date.boundingBox();
    const calendarButton = await fields.calendarButton.boundingBox();
    const xs = new Set([...boxes, date].map((box) => Math.round(box?.x ?? -1)));
    expect(xs.size).toBe(1);
    expect(date?.height).toBeGreaterThanOrEqual(44);
    expect(calendarButton?.height).toBeGreaterThanOrEqual(44);
    expect(calendarButton?.width).toBeGreaterThanOrEqual(44);
    expect((date?.width ?? 0) + (calendarButton?.width ?? 0)).toBeGreaterThan(340);

    const sent = page.waitForRequest(isReadingPost);
    await fields.send.tap();
    expect(((await sent).postDataJSON() as SentReading[])[0]).toMatchObject({
      dateRecord: toUsDate(yesterday),
      value: typed,
    });
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
    await expect(fields.location.locator('option:checked')).toHaveText('Søparken 20, fyrrum');
    await expect(fields.meter).toHaveValue('');
    await screenshot(page, 'phone-after-success');
  });
});

async function pickDateOnPhone(page: import('@playwright/test').Page, iso: string): Promise<void> {
  const [year, month] = iso.split('-');
  const fields = homeFields(page);
  await fields.calendarButton.tap();
  await expect(fields.calendar).toBeVisible();
  const box = await fields.calendar.locator('.modal-content').boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
  await screenshot(page, 'phone-calendar');
  await fields.calendar.getByLabel('Vælg år').selectOption(year ?? '');
  await fields.calendar.getByLabel('Vælg måned').selectOption(String(Number(month) - 1));
  await fields.calendar.locator(`[data-day="${iso}"]:not([data-outside]) button`).tap();
  await expect(fields.calendar).toBeHidden();
  await expect(fields.date).toHaveValue(toDanishDate(iso));
}
