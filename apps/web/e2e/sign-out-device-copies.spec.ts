import { expect, type Page, test } from '@playwright/test';
import { addOfflineTenant, chooseOfflineMeter, sendKept, waitingButton } from './support/offline-capture';
import { openHomeAs, READING_POSTS } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';

// Issue 32 §9: signing out takes the account's copies (tree, last values, company data) off the
// device; readings not yet sent stay unless the user chooses `Slet dem` in the warning. Each test
// has a tenant of its own, so a retry never meets the readings of the attempt before.

type DeviceCounts = { copies: number; sends: number; skips: number };

/** What the app's IndexedDB database holds; only after the app has made it (it sets the stores). */
function deviceCounts(page: Page): Promise<DeviceCounts> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('maaleraflaesning');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const counts = {
      copies: await count('copies'),
      sends: await count('sends'),
      skips: await count('skips'),
    };
    db.close();
    return counts;
  });
}

/** Signs in, opens the tenant's meter (so its tree is copied to the device) and keeps one reading there. */
async function keepOneReading(page: Page): Promise<void> {
  await openHomeAs(page, addOfflineTenant());
  await chooseOfflineMeter(page);
  await expect.poll(async () => (await deviceCounts(page)).copies).toBeGreaterThan(0);
  // No answer to the SEND, as on a connection that drops: the reading is kept on the device.
  await page.route(READING_POSTS, (route) => route.abort('internetdisconnected'));
  await sendKept(page, '17,5');
  await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');
}

async function openSignOutWarning(page: Page) {
  await page.getByRole('button', { name: 'Log ud' }).click();
  const warning = page.getByRole('dialog', { name: 'Log ud' });
  await expect(warning).toContainText('Du har 1 måling, der ikke er sendt');
  return warning;
}

test('signing out without readings waiting deletes the copies of the account', async ({ page }) => {
  await openHomeAs(page, addOfflineTenant());
  await chooseOfflineMeter(page);
  await expect.poll(async () => (await deviceCounts(page)).copies).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => deviceCounts(page)).toEqual({ copies: 0, sends: 0, skips: 0 });
});

test('`Log ud` in the warning keeps the unsent reading and deletes the copies', async ({ page }) => {
  await keepOneReading(page);
  const warning = await openSignOutWarning(page);
  await expect(warning.getByRole('button', { name: 'Slet dem' })).toBeVisible();
  await expectSoundScreen(page);

  // Keyboard: the focus starts on `Annuller`, then `Slet dem`, then `Log ud`.
  await expect(warning.getByRole('button', { name: 'Annuller' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(warning.getByRole('button', { name: 'Slet dem' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(warning.getByRole('button', { name: 'Log ud' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => deviceCounts(page)).toEqual({ copies: 0, sends: 1, skips: 0 });
});

test('`Slet dem` deletes the unsent reading and the copies, and signs out', async ({ page }) => {
  await keepOneReading(page);
  const warning = await openSignOutWarning(page);
  await warning.getByRole('button', { name: 'Slet dem' }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => deviceCounts(page)).toEqual({ copies: 0, sends: 0, skips: 0 });
  await expectSoundScreen(page);
});
