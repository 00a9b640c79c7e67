import { expect, type Page, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { historyButton, historyPoint } from './support/reading-history';
import { chooseMeter, homeFields } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// Issue 33 §7: a resident (role 2) reads the meter, not the hint. Demo data that is only read here:
// Søparken 14 'Elmåler fællesarealer', six months of history registered by the demo's meter reader.

const METER: [string, string] = ['Søparken 14, teknikrum', 'Elmåler fællesarealer'];
const POINT = 'Forbrug dag';

function expectedNote(page: Page) {
  return page.getByText(/^Forventet: [\d.,]+ – [\d.,]+$/);
}

test('a resident sees `Forventet` only once a value is typed, and no route, skip or find-meter', async ({
  page,
}) => {
  await openSignedIn(page, demoUsers.customerUser);
  await chooseMeter(page, ...METER);
  const input = homeFields(page).value(POINT);
  await expect(input).toBeVisible();
  await expect(expectedNote(page)).toHaveCount(0);
  for (const name of ['Rute', 'Spring over', 'Find måler']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expectSoundScreen(page);

  // Keyboard: typing in the field brings the range under it, tied to the field as its description.
  await input.focus();
  await page.keyboard.type('1');
  await expect(expectedNote(page).first()).toBeVisible();
  await expect(input).toHaveAccessibleDescription(/Forventet: [\d.,]+ – [\d.,]+/);
  await expectSoundScreen(page);
  await page.keyboard.press('Backspace');
  await expect(expectedNote(page)).toHaveCount(0);
});

test('a meter reader still sees `Forventet` before typing, and the route, skip and find-meter', async ({
  page,
}) => {
  await openSignedIn(page, demoUsers.technician);
  // Read only: Nørrevang's 'Vandmåler' with its demo history (another test writes today's value).
  await chooseMeter(page, 'Nørrevang 4, kælder', 'Vandmåler');
  await expect(homeFields(page).value('Volumen')).toHaveValue('');
  await expect(expectedNote(page).first()).toBeVisible();
  for (const name of ['Rute', 'Spring over', 'Find måler']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
});

test("a resident's history says `Personale` where staff registered, never a staff name", async ({ page }) => {
  await openSignedIn(page, demoUsers.customerUser);
  await chooseMeter(page, ...METER);
  await historyButton(page).focus();
  await page.keyboard.press('Enter');
  const table = historyPoint(page, `${POINT} (kWh)`).getByRole('table');
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  const registeredBy = await table.locator('tbody tr td:nth-last-child(2)').allTextContents();
  expect(registeredBy.length).toBeGreaterThan(0);
  expect(registeredBy.filter((name) => name !== 'Personale' && name !== 'Karen Kunde')).toEqual([]);
  expect(registeredBy).toContain('Personale');
  await expectSoundScreen(page);
});
