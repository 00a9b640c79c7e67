import { expect, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { calendarDay, danishToday, homeFields } from './support/reading-report';
import { openSignedIn } from './support/stored-session';

// Nothing is sent here, so these tests share the demo data with everyone. The form's checks before
// SEND (required choices, values, SEND greyed) are component tests without a browser:
// test/features/reading-report/components/reading-form.test.tsx (ADR 036).

test.describe('reading report: validation', () => {
  test('the calendar offers only days from 1 February 2022 up to today', async ({ page }) => {
    const today = danishToday();
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await fields.calendarButton.click();
    const calendar = fields.calendar;
    await expect(calendar).toBeVisible();

    // Danish, weeks from Monday, no week numbers; today is chosen and has the focus.
    await expect(calendar.locator('thead th')).toHaveText(['ma', 'ti', 'on', 'to', 'fr', 'lø', 'sø']);
    await expect(calendar.getByText(/^Uge/)).toHaveCount(0);
    const todayButton = calendarDay(page, today.iso).getByRole('button');
    await expect(todayButton).toBeFocused();
    await expect(todayButton).toHaveAccessibleName(/^I dag, .+, valgt$/);

    // Days after today cannot be chosen, and there is no next month to go to.
    await expect(calendar.getByRole('button', { name: 'Gå til næste måned' })).toBeDisabled();
    const laterDays = calendar.locator('[data-day]').filter({ has: page.locator('button') });
    for (const cell of await laterDays.all()) {
      const iso = (await cell.getAttribute('data-day')) ?? '';
      if (iso > today.iso) await expect(cell.getByRole('button')).toBeDisabled();
      else await expect(cell.getByRole('button')).toBeEnabled();
    }
    const years = await calendar.getByLabel('Vælg år').locator('option').allInnerTexts();
    expect(years[0]).toBe('2022');
    expect(years.at(-1)).toBe(today.iso.slice(0, 4));

    // January 2022 cannot be reached (its month is disabled in the dropdown, there is no previous
    // month), and February 2022 shows no day before the 1st to choose.
    await calendar.getByLabel('Vælg år').selectOption('2022');
    const january = calendar.getByLabel('Vælg måned').locator('option', { hasText: 'januar' });
    await expect(january).toBeDisabled();
    await calendar.getByLabel('Vælg måned').selectOption('1');
    await expect(calendar.getByRole('grid')).toHaveAccessibleName('februar 2022');
    await expect(calendar.getByRole('button', { name: 'Gå til forrige måned' })).toBeDisabled();
    await expect(calendar.locator('[data-day="2022-01-31"] button')).toHaveCount(0);
    const firstDay = calendarDay(page, '2022-02-01').getByRole('button');
    await expect(firstDay).toBeEnabled();

    // The arrow keys stop at the first allowed day.
    await firstDay.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(firstDay).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(firstDay).toBeFocused();
    await firstDay.click();
    await expect(calendar).toBeHidden();
    await expect(fields.date).toHaveValue('01-02-2022');
    await expect(fields.calendarButton).toBeFocused();
  });

  test('the calendar works by keyboard: focus inside, arrows move, Escape closes', async ({ page }) => {
    const today = danishToday();
    await openSignedIn(page, demoUsers.customerUser);
    const fields = homeFields(page);
    await fields.calendarButton.focus();
    await page.keyboard.press('Enter');
    await expect(fields.calendar).toBeVisible();
    await expect(calendarDay(page, today.iso).getByRole('button')).toBeFocused();
    await expect(fields.calendarButton).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('Escape');
    await expect(fields.calendar).toBeHidden();
    await expect(fields.calendarButton).toBeFocused();
    await expect(fields.calendarButton).toHaveAttribute('aria-expanded', 'false');
    await expect(fields.date).toHaveValue(today.danish);

    // A week back with the arrow key, then Enter picks the day.
    await page.keyboard.press('Space');
    await expect(calendarDay(page, today.iso).getByRole('button')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(fields.calendar).toBeHidden();
    await expect(fields.calendarButton).toBeFocused();
    const weekAgo = new Date(`${today.iso}T12:00:00Z`);
    weekAgo.setUTCDate(weekAgo.getUTCDate() - 7);
    const [y, m, d] = weekAgo.toISOString().slice(0, 10).split('-');
    await expect(fields.date).toHaveValue(`${d}-${m}-${y}`);
  });
});
