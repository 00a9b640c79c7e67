import { readFile } from 'node:fs/promises';
import { daysBetween, subtractDecimal, toUsDate } from '@maaler/contract';
import { expect, test } from '@playwright/test';
import { formatDanishDecimal, formatDanishRate } from '../src/lib/numbers/danish-number';
import { demoUsers } from './support/auth';
import { gate } from './support/gate';
import {
  historyButton,
  historyDialog,
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
  plausibleValue,
  readHistory,
  selectedAccountId,
  sendAndExpectStored,
} from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// Writes only to Kløverhuse 'Vandmåler' (klover@, today), which no other browser test uses. The other
// tests read Søparken 14 'Elmåler fællesarealer' and 'Varmt vand' (no readings), which nobody writes.

const CSV_HEADER =
  'Målepunkt;Enhed;Dato;Værdi;Forbrug;Forbrug pr. dag;Registreret af;Registreret;Rettet;Bekræftet trods advarsel;Kilde;Indtastet;Årsag;Omløb';

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.describe('reading history', () => {
  // Colours are checked by axe at one instant: no button may be half-way through a hover transition.
  test.use({ reducedMotion: 'reduce' });

  test('a plausible value sends at once; a second value for the date shows as a correction beside the chart', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    const today = danishToday();
    await openSignedIn(page, demoUsers.otherCustomer);
    const fields = homeFields(page);
    await expect(historyButton(page)).toHaveCount(0);
    await chooseMeter(page, 'Kløvervej 3, kælder', 'Vandmåler');
    await expect(historyButton(page)).toBeVisible();

    const last = await lastReadingOf(page, 'Volumen');
    const first = await plausibleValue(page, 'Volumen', 9.8, today.iso);
    await fields.value('Volumen').fill(first);
    const sent = page.waitForRequest(isReadingPost);
    await fields.send.click();
    expect((await sent).postDataJSON()).toEqual([
      {
        gatewayId: expect.any(Number),
        deviceId: expect.any(Number),
        dateRecord: toUsDate(today.iso),
        deviceItemId: expect.any(Number),
        value: first,
      },
    ]);
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
    await expect(plausibilityWarnings(page)).toHaveCount(0);

    // A different value for the same date replaces the first; it is compared with the reading before.
    await expect(fields.meter).toBeFocused();
    await fields.meter.selectOption({ label: 'Vandmåler' });
    const second = first.replace(/^\d+/, (whole) => String(Number(whole) + 2));
    await fields.value('Volumen').fill(second);
    await sendAndExpectStored(page);
    await expect(fields.meter).toBeFocused();
    await fields.meter.selectOption({ label: 'Vandmåler' });

    await historyButton(page).click();
    const dialog = historyDialog(page);
    await expect(dialog).toHaveAccessibleName('Historik for Vandmåler');
    const point = historyPoint(page, 'Volumen (m³)');
    await expect(
      point.getByRole('img', {
        name: new RegExp(
          `^Søjlediagram over forbrug pr. dag for Volumen fra \\d{2}-\\d{2}-\\d{4} til ${today.danish}`,
        ),
      }),
    ).toBeVisible();
    const table = point.getByRole('table', { name: 'Målinger for Volumen, nyeste først' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Dato',
      'Værdi (m³)',
      'Forbrug (m³)',
      'Forbrug pr. dag (m³)',
      'Registreret af',
      'Registreret',
    ]);
    // Six months of demo history and today's reading, newest first.
    await expect(table.getByRole('rowheader')).toHaveCount(7);
    await expect(table.getByRole('rowheader').first()).toHaveText(today.danish);

    const secondValue = second.replace(',', '.');
    const consumption = subtractDecimal(secondValue, last.value);
    const perDay = Number(consumption) / daysBetween(last.date, today.iso);
    const row = historyRow(point, today.danish);
    await expect(row.getByRole('cell')).toHaveText([
      new RegExp(
        `^${escaped(formatDanishDecimal(secondValue))}Rettet` +
          `Rettet fra ${escaped(formatDanishDecimal(first.replace(',', '.')))} til ` +
          `${escaped(formatDanishDecimal(secondValue))} af Kim Kløver ${today.danish} \\d{2}:\\d{2}$`,
      ),
      formatDanishDecimal(consumption),
      formatDanishRate(perDay),
      'Kim Kløver',
      new RegExp(`^${today.danish} \\d{2}:\\d{2}$`),
    ]);
    await historyScreenshot(page, 'desktop-correction');

    // On a phone the dialog fills the screen and the table scrolls sideways inside it.
    await page.setViewportSize({ width: 375, height: 740 });
    const box = await dialog.locator('.modal-content').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    const region = point.getByRole('region', { name: 'Tabel over målinger for Volumen' });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await historyScreenshot(page, 'phone-correction');
    await region.scrollIntoViewIfNeeded();
    await historyScreenshot(page, 'phone-correction-table');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(historyButton(page)).toBeFocused();
  });

  test('Hent CSV downloads the meter’s readings for a Danish spreadsheet', async ({ page }) => {
    const today = danishToday();
    await openSignedIn(page, demoUsers.customerUser);
    await chooseMeter(page, 'Søparken 14, teknikrum', 'Elmåler fællesarealer');
    await historyButton(page).click();
    const dialog = historyDialog(page);
    await expect(dialog.getByRole('table')).toHaveCount(2);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Hent CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`historik-elmåler-fællesarealer-${today.iso}.csv`);
    await download.saveAs('/tmp/screens/history-elmaaler-faellesarealer.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    // Six demo readings per point, then the empty string after the last line end.
    expect(lines).toHaveLength(14);
    expect(lines.at(-1)).toBe('');

    const history = await readHistory(page, await selectedAccountId(page), await meterIds(page));
    // Both points have readings on the same dates; per date the first point ('Forbrug dag') comes first.
    const dayReadings = history.filter((entry) => entry.DeviceItemId === history[0]?.DeviceItemId);
    const [newest, before] = dayReadings;
    const consumption = subtractDecimal(
      (newest?.Value ?? '').replace(',', '.'),
      (before?.Value ?? '').replace(',', '.'),
    );
    const days = daysBetween(before?.DateRecord ?? '', newest?.DateRecord ?? '');
    const [year, month, day] = (newest?.DateRecord ?? '').split('-');
    expect(lines[1]).toMatch(
      new RegExp(
        `^Forbrug dag;kWh;${day}-${month}-${year};${escaped(newest?.Value ?? '')};` +
          `${escaped(consumption.replace('.', ','))};${escaped(formatDanishRate(Number(consumption) / days, { grouping: false }))};` +
          `Personale;${day}-${month}-${year} \\d{2}:15;;;Import;;Periodisk;$`,
      ),
    );
    for (const line of lines.slice(1, 13)) {
      expect(line).toMatch(
        /^Forbrug (dag|nat);kWh;\d{2}-\d{2}-\d{4};\d+(,\d+)?;(\d+(,\d+)?)?;(\d+(,\d+)?)?;Personale;\d{2}-\d{2}-\d{4} \d{2}:\d{2};;;Import;;Periodisk;$/,
      );
    }
    // The oldest reading of each point has no consumption.
    expect(lines[6]).toMatch(/^Forbrug dag;kWh;[^;]+;[^;]+;;;/);
    expect(lines[12]).toMatch(/^Forbrug nat;kWh;[^;]+;[^;]+;;;/);
  });

  test('loading, no readings yet, and a load error with the generic message', async ({ page }) => {
    const { opened: held, open: release } = gate();
    let failing = false;
    await page.route('**/api/gateway/loaddeviceitemhistorylist/*', async (route) => {
      if (failing) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ Message: 'Databasen svarer ikke' }),
        });
        return;
      }
      await held;
      await route.continue();
    });
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await chooseMeter(page, 'Søparken 14, teknikrum', 'Varmt vand');
    await historyButton(page).click();
    const dialog = historyDialog(page);
    await expect(dialog.getByRole('status')).toHaveText('Henter historik...');
    release();
    await expect(dialog.getByText('Ingen målinger endnu', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Hent CSV' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    failing = true;
    await fields.meter.selectOption({ label: 'Elmåler fællesarealer' });
    await historyButton(page).click();
    // The query retries a server error twice before it gives up.
    await expect(
      dialog.getByText('Der er desværre opstået en fejl. Meddelelse: Databasen svarer ikke', { exact: true }),
    ).toBeVisible({ timeout: 10_000 });
    await expectSoundScreen(page);
    failing = false;
    await dialog.getByRole('button', { name: 'Prøv igen' }).click();
    await expect(dialog.getByRole('table')).toHaveCount(2);
  });

  test('the history dialog has a title, takes the focus, gives it back, and has no axe violations', async ({
    page,
  }) => {
    await openSignedIn(page, demoUsers.customerUser);
    await chooseMeter(page, 'Søparken 14, teknikrum', 'Elmåler fællesarealer');
    await historyButton(page).click();
    const dialog = historyDialog(page);
    await expect(dialog).toHaveAccessibleName('Historik for Elmåler fællesarealer');
    await expect(historyPoint(page, 'Forbrug dag (kWh)').getByRole('img')).toBeVisible();
    await expect(historyPoint(page, 'Forbrug nat (kWh)').getByRole('table')).toBeVisible();
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await expectSoundScreen(page);

    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Luk' }).first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(historyButton(page)).toBeFocused();
  });
});

async function meterIds(
  page: import('@playwright/test').Page,
): Promise<{ gatewayId: number; deviceId: number }> {
  const draft = JSON.parse((await page.evaluate(() => sessionStorage.getItem('registerForm'))) ?? '{}');
  return { gatewayId: Number(draft.gatewayId), deviceId: Number(draft.deviceId) };
}
