import { toDanishDate } from '@maaler/contract';
import { expect, type Page, test } from '@playwright/test';
import { formatDanishDecimal } from '../src/lib/numbers/danish-number';
import { demoUsers } from './support/auth';
import {
  historyButton,
  historyPoint,
  historyRow,
  historyScreenshot,
  plausibilityWarnings,
} from './support/reading-history';
import {
  chooseMeter,
  danishToday,
  homeFields,
  isReadingPost,
  lastReadingOf,
  pickDate,
  plausibleValue,
  readHistory,
  type SentReading,
  selectedAccountId,
} from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// Writes only to Søparken afdeling 2 'Varmemåler fjernvarme' (today), which no other browser test
// writes. The other test only types into Søparken 14 'Elmåler fællesarealer' and sends nothing.

async function deviceItemIdOf(page: Page, point: string): Promise<number> {
  const id = (await homeFields(page).value(point).getAttribute('id')) ?? '';
  return Number(id.replace('reading-value-', ''));
}

function countReadingPosts(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (isReadingPost(request)) count++;
  });
  return { count: () => count };
}

test.describe('plausibility check before sending', () => {
  // Colours are checked by axe at one instant: no button may be half-way through a hover transition.
  test.use({ reducedMotion: 'reduce' });

  test('a value lower than the last reading warns, and Send alligevel sends it with plausibilityOverride', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    const today = danishToday();
    const posts = countReadingPosts(page);
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await fields.account.selectOption({ label: 'Søparken afdeling 2' });
    await chooseMeter(page, 'Søparken 20, fyrrum', 'Varmemåler fjernvarme');

    const energyId = await deviceItemIdOf(page, 'Energi');
    const last = await lastReadingOf(page, 'Energi');
    const backwards = String(Math.floor(Number(last.value)) - 10);
    const volume = await plausibleValue(page, 'Volumen', 15.1, today.iso);
    const hours = await plausibleValue(page, 'Driftstimer', 24, today.iso);
    await fields.value('Energi').fill(backwards);
    await fields.value('Volumen').fill(volume);
    await fields.value('Driftstimer').fill(hours);
    await fields.send.click();

    const warning = `Værdien er lavere end sidste måling (${formatDanishDecimal(last.value)} den ${toDanishDate(last.date)}). En måler bør ikke tælle baglæns.`;
    const panel = plausibilityWarnings(page);
    await expect(panel).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kontrollér målingerne' })).toBeFocused();
    await expect(panel.getByRole('listitem')).toHaveText([`Energi: ${warning}`]);
    await expect(fields.value('Energi')).toHaveAccessibleDescription(
      new RegExp(`${warning.replace(/[.()]/g, '\\$&')}$`),
    );
    await expect(fields.value('Volumen')).not.toHaveAccessibleDescription(/lavere|Forbruget/);
    expect(posts.count()).toBe(0);
    await expectSoundScreen(page);
    await historyScreenshot(page, 'desktop-warning', { fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await panel.scrollIntoViewIfNeeded();
    await historyScreenshot(page, 'phone-warning', { fullPage: true });
    await expectSoundScreen(page);

    const sent = page.waitForRequest(isReadingPost);
    await panel.getByRole('button', { name: 'Send alligevel' }).click();
    const body = (await sent).postDataJSON() as (SentReading & { plausibilityOverride?: boolean })[];
    expect(body).toHaveLength(3);
    expect(body.find((reading) => reading.deviceItemId === energyId)).toMatchObject({
      value: backwards,
      plausibilityOverride: true,
    });
    expect(body.filter((reading) => 'plausibilityOverride' in reading)).toHaveLength(1);
    expect(body.map((reading) => reading.value).sort()).toEqual([backwards, volume, hours].sort());
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
    await expect(panel).toHaveCount(0);
    expect(posts.count()).toBe(1);

    // The server kept the confirmation, and the history shows it.
    const history = await readHistory(page, await selectedAccountId(page), body[0] as SentReading);
    const stored = history.filter((entry) => entry.DateRecord === today.iso);
    expect(stored).toHaveLength(3);
    for (const entry of stored) expect(entry.PlausibilityOverride).toBe(entry.DeviceItemId === energyId);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await expect(fields.meter).toBeFocused();
    await fields.meter.selectOption({ label: 'Varmemåler fjernvarme' });
    await historyButton(page).click();
    await expect(historyRow(historyPoint(page, 'Energi (MWh)'), today.danish)).toContainText(
      'Bekræftet trods advarsel',
    );
    await expect(historyRow(historyPoint(page, 'Volumen (m³)'), today.danish)).not.toContainText('Bekræftet');
  });

  test('unusual consumption and an early date warn with the expected range; a change takes the warning away', async ({
    page,
  }) => {
    const today = danishToday();
    const posts = countReadingPosts(page);
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await chooseMeter(page, 'Søparken 14, teknikrum', 'Elmåler fællesarealer');

    // Ten times the usual 42 kWh a day.
    const last = await lastReadingOf(page, 'Forbrug dag');
    const days = (Date.parse(today.iso) - Date.parse(last.date)) / 86_400_000;
    await fields.value('Forbrug dag').fill(String(Math.round(Number(last.value) + 420 * days)));
    await fields.value('Forbrug nat').fill(await plausibleValue(page, 'Forbrug nat', 18, today.iso));
    await fields.send.click();
    const panel = plausibilityWarnings(page);
    await expect(panel.getByRole('listitem')).toHaveText([
      /^Forbrug dag: Forbruget er usædvanligt højt: det svarer til 4\d\d(,\d)? kWh pr\. dag; normalt 1\d(,\d)?–1\d\d(,\d)? kWh pr\. dag\.$/,
    ]);
    await expectSoundScreen(page);

    await fields.value('Forbrug dag').fill(await plausibleValue(page, 'Forbrug dag', 42, today.iso));
    await expect(panel).toHaveCount(0);
    await expect(fields.value('Forbrug dag')).not.toHaveAccessibleDescription(/Forbruget/);

    // A date before the last reading.
    await pickDate(page, '2023-06-14');
    await fields.send.click();
    const dateWarning = (point: string, reading: { value: string; date: string }) =>
      `${point}: Datoen er før sidste måling (${formatDanishDecimal(reading.value)} den ${toDanishDate(reading.date)}). ` +
      `En ny måling bør have en dato efter ${toDanishDate(reading.date)}.`;
    await expect(panel.getByRole('listitem')).toHaveText([
      dateWarning('Forbrug dag', last),
      dateWarning('Forbrug nat', await lastReadingOf(page, 'Forbrug nat')),
    ]);
    expect(posts.count()).toBe(0);
  });
});
