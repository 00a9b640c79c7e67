import { expect, type Locator, type Page } from '@playwright/test';

/** The history dialog of the chosen meter ('Historik for <meter>'). */
export function historyDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Historik for / });
}

export function historyButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Historik', exact: true });
}

/** Opens the chosen meter's history from the keyboard (focus on `Historik`, Enter) and checks its name. */
export async function openHistoryByKeyboard(page: Page, meter: string): Promise<void> {
  await historyButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(historyDialog(page)).toHaveAccessibleName(`Historik for ${meter}`);
}

/** One measurement point's part of the history, named by its heading ('Forbrug dag (kWh)'). */
export function historyPoint(page: Page, heading: string): Locator {
  return historyDialog(page).getByRole('region', { name: heading, exact: true });
}

/** The row of one date (DD-MM-YYYY) in a point's table. */
export function historyRow(point: Locator, danishDate: string): Locator {
  return point
    .getByRole('row')
    .filter({ has: point.page().getByRole('rowheader', { name: danishDate, exact: true }) });
}

/** The warnings shown before sending implausible values. */
export function plausibilityWarnings(page: Page): Locator {
  return page.getByRole('region', { name: 'Kontrollér målingerne' });
}

/** A screenshot of what the user sees; `fullPage` for the whole page (not for a dialog, which is fixed). */
export function historyScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<Buffer> {
  return page.screenshot({ path: `/tmp/screens/history-${name}.png`, animations: 'disabled', fullPage });
}
