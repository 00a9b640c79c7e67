import { toDanishDate } from '@maaler/contract';
import { expect, test } from '@playwright/test';
import { signInToReadingScreen } from './support/auth';
import { addOwnTenant, ownTenantNames } from './support/cli';
import {
  historyDialog,
  historyPoint,
  historyRow,
  historyScreenshot,
  openHistoryByKeyboard,
} from './support/reading-history';
import {
  chooseMeter,
  danishToday,
  daysBefore,
  homeFields,
  isReadingPost,
  pickDate,
  sendAndExpectStored,
} from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';

// Issue 37 (ADR 046) on a tenant of its own: 'Vandmåler O' has a register of five digits that counts
// only up, so 99 990 → 12 is the register going round (`Omløb`). Each run makes a new tenant.
const tenant = ownTenantNames('Omløbshuse', 'omloeb');
const LOCATION = 'Omløbsvej 1, kælder';
const METER = 'Vandmåler O';
const today = danishToday();
const firstDay = daysBefore(today.iso, 5);

test.beforeAll(() => {
  addOwnTenant(tenant, {
    address: { address: 'Omløbsvej 1', postal: '7100', town: 'Vejle' },
    location: LOCATION,
    meters: [
      {
        name: METER,
        type: 'water',
        serial: `TO-${tenant.run}`,
        points: { Volumen: { unit: 'm³', digits: 5, countsUpOnly: true } },
      },
    ],
    user: { name: 'Ole Omløb', role: 1 },
  });
});

test('a rollover is told before sending, sent with its reason from the keyboard, and marked Omløb in the history', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await signInToReadingScreen(page, tenant);
  const fields = homeFields(page);
  const volume = fields.value('Volumen');

  await chooseMeter(page, LOCATION, METER);
  await pickDate(page, firstDay);
  await volume.fill('99990');
  await sendAndExpectStored(page);
  await expect(page.getByText('Måling er nu registreret')).toBeVisible();

  await expect(fields.location.locator('option:checked')).toHaveText(LOCATION);
  await fields.meter.selectOption({ label: METER });
  await pickDate(page, today.iso);
  await volume.fill('12');
  await volume.press('Tab');
  await expect(page.getByText('Tælleværket er gået rundt')).toBeVisible();
  await expect(volume).not.toHaveAttribute('aria-invalid', 'true');
  await expect(fields.send).toBeEnabled();
  await expectSoundScreen(page);

  // `Flere valg` and its `Årsag` by the keyboard alone.
  const more = page.getByText('Flere valg', { exact: true });
  await more.focus();
  await page.keyboard.press('Enter');
  const reason = page.getByLabel('Årsag');
  await expect(reason).toBeVisible();
  await reason.focus();
  await reason.selectOption({ label: 'Indflytning' });
  await expectSoundScreen(page);

  const sent = page.waitForRequest(isReadingPost);
  await fields.send.focus();
  await page.keyboard.press('Enter');
  const body = (await sent).postDataJSON() as { value: string; reason?: string }[];
  expect(body.map(({ value, reason: sentReason }) => ({ value, reason: sentReason }))).toEqual([
    { value: '12', reason: 'move-in' },
  ]);
  await expect(page.getByText('Måling er nu registreret')).toBeVisible();

  // A `Kontrol` reading the same day is kept beside the day's reading (ADR 049), not instead of it.
  await fields.meter.selectOption({ label: METER });
  await pickDate(page, today.iso);
  await volume.fill('13');
  if (!(await reason.isVisible())) await more.click();
  await reason.selectOption({ label: 'Kontrol' });
  const control = page.waitForRequest(isReadingPost);
  await fields.send.click();
  const controlBody = (await control).postDataJSON() as { value: string; reason?: string }[];
  expect(controlBody.map((sentReading) => sentReading.reason)).toEqual(['control']);
  await expect(page.getByText('Måling er nu registreret')).toBeVisible();

  await fields.meter.selectOption({ label: METER });
  await openHistoryByKeyboard(page, METER);
  const point = historyPoint(page, 'Volumen (m³)');
  const row = historyRow(point, toDanishDate(today.iso));
  await expect(row).toContainText('Omløb');
  await expect(row).toContainText('Indflytning');
  await expect(row.getByTestId('history-controls')).toHaveText(
    new RegExp(`^Kontrol ${toDanishDate(today.iso)}: 13 \\(\\+1 i forhold til denne aflæsning\\) af `),
  );
  // 99 990 → 12 on five digits: 22 m³, not −99 978.
  await expect(row).toContainText('22');
  await expect(row).not.toContainText('−99');
  await expect(historyDialog(page)).toBeVisible();
  await expectSoundScreen(page);
  await historyScreenshot(page, 'rollover');
});
