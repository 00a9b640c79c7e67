import { expect, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { gate } from './support/gate';
import {
  answerSaved,
  calendarDay,
  chooseMeter,
  danishToday,
  daysBefore,
  homeFields,
  isReadingPost,
  openHomeAs,
  plausibleValue,
  READING_POSTS,
  type SentReading,
  typeAndSend,
} from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// The keyboard test writes to Nørrevang 'Elmåler hovedtavle' (the day before today), which no other
// browser test touches, a value that continues its demo history (no plausibility warning).

test.describe('reading report: accessibility', () => {
  test('the whole flow by keyboard alone', async ({ page }) => {
    const yesterday = daysBefore(danishToday().iso, 1);
    await openHomeAs(page, demoUsers.technician);
    const fields = homeFields(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeFocused();

    // Sign-out, then the account select is skipped (disabled: one account), then the location.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Log ud' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(fields.location).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(fields.location.locator('option:checked')).toHaveText('Nørrevang 4, kælder');

    await page.keyboard.press('Tab');
    await expect(fields.meter).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(fields.meter.locator('option:checked')).toHaveText('Elmåler hovedtavle');
    const typed = await plausibleValue(page, 'Forbrug', 310, yesterday);

    // The read-only date, then its calendar button.
    await page.keyboard.press('Tab');
    await expect(fields.date).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(fields.calendarButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(calendarDay(page, danishToday().iso).getByRole('button')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(calendarDay(page, yesterday).getByRole('button')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(fields.calendar).toBeHidden();
    await expect(fields.calendarButton).toBeFocused();

    // The location has an address: `Vis på kort` (issue 37) comes before the values.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: /^Vis på kort: / })).toBeFocused();
    await page.keyboard.press('Tab');
    const value = fields.value('Forbrug');
    await expect(value).toBeFocused();
    await page.keyboard.type(typed);
    // Then `Flere valg` (issue 37), `Tag foto` and `Bemærkning` (issue 36), and SEND.
    await page.keyboard.press('Tab');
    await expect(page.getByText('Flere valg', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Tag foto')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Bemærkning', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(fields.send).toBeFocused();

    const sent = page.waitForRequest(isReadingPost);
    await page.keyboard.press('Enter');
    const [reading] = (await sent).postDataJSON() as SentReading[];
    const [year, month, day] = yesterday.split('-');
    expect(reading).toMatchObject({ dateRecord: `${month}/${day}/${year}`, value: typed });
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
    // Focus waits on the meter, ready for the next one.
    await expect(fields.meter).toBeFocused();
  });

  test('switching the account by keyboard keeps the focus on the account select', async ({ page }) => {
    await openHomeAs(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(fields.account).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(fields.account.locator('option:checked')).toHaveText('Søparken afdeling 2');
    await expect(fields.location.locator('option')).toHaveText(['Vælg lokation', 'Søparken 20, fyrrum']);
    await expect(fields.account).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(fields.location).toBeFocused();
  });

  test('no axe violations: empty, with errors, filled, and with the calendar open', async ({ page }) => {
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await expect(fields.location).toBeEnabled();
    await expectSoundScreen(page);

    await chooseMeter(page, 'Søparken 14, teknikrum', 'Elmåler fællesarealer');
    await fields.value('Forbrug dag').fill('abc');
    await fields.value('Forbrug nat').focus();
    await fields.value('Forbrug nat').blur();
    await expect(page.getByText('Måling skal udfyldes')).toBeVisible();
    await expectSoundScreen(page);

    await fields.value('Forbrug dag').fill('15400,5');
    await fields.value('Forbrug nat').fill('6200');
    await expect(fields.send).toBeEnabled();
    await expectSoundScreen(page);

    await fields.calendarButton.click();
    await expect(fields.calendar).toBeVisible();
    await expect(calendarDay(page, danishToday().iso).getByRole('button')).toBeFocused();
    await expectSoundScreen(page);
  });

  test('the saving state and the success alert have no axe violations', async ({ page }) => {
    const { opened: held, open: release } = gate();
    await page.route(READING_POSTS, async (route) => {
      await held;
      await answerSaved(route);
    });
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await typeAndSend(page, ['Søparken 14, teknikrum', 'Varmt vand'], () => ({ Volumen: '3' }));
    await expect(fields.send).toHaveText('SENDER...');
    await expectSoundScreen(page);
    release();
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
    await expectSoundScreen(page);
  });
});
