import type { Locator, Page } from '@playwright/test';

/** Tab presses after which an element counts as out of the keyboard's reach. */
const MAX_TABS = 40;

/** Presses Tab until the element has the focus: the page is worked by keyboard alone. */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < MAX_TABS; step++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('not reached by Tab');
}
