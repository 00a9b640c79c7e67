import { expect, type Locator, type Page } from '@playwright/test';
import { demoUsers } from './auth';
import { homeFields } from './reading-report';
import { openSignedIn } from './stored-session';

/** Opens home as the technician (a stored session) at 375 px and opens 'Find måler'; the serial field has the focus. */
export async function openFindMeter(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, demoUsers.technician);
  await page.getByRole('button', { name: 'Find måler' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find måler' });
  await expect(dialog.getByLabel('Serienummer')).toBeFocused();
  return dialog;
}

/** The form shows HYB-010, the demo meter 'Hybenvej 10' of the route, ready for its value. */
export async function expectHybenvej10Chosen(page: Page): Promise<void> {
  const fields = homeFields(page);
  await expect(fields.location.locator('option:checked')).toHaveText('Rækkehusene, Hybenvej');
  await expect(fields.meter.locator('option:checked')).toHaveText('Hybenvej 10');
  await expect(page.getByTestId('route-announcement')).toHaveText('Valgt måler: Hybenvej 10');
  await expect(fields.value('Volumen')).toBeFocused();
}
