import { expect, type Page, test } from '@playwright/test';
import { demoUsers, expectHome, readSession, signIn } from './support/auth';
import { expectSoundScreen } from './support/screen-checks';

const MINUTE = 60_000;

/** Milliseconds from the page's (fake) now until the stored token expiry. */
async function msUntilExpiry(page: Page): Promise<number> {
  return page.evaluate(() => Date.parse(window.sessionStorage.getItem('expires') ?? '') - Date.now());
}

async function signInWithClock(page: Page): Promise<void> {
  await page.clock.install();
  await signIn(page, demoUsers.technician);
  await expectHome(page);
}

test.describe('auto-logout', () => {
  test("the 'Log ud' warning opens under 5 minutes before expiry and the user is then logged out", async ({
    page,
  }) => {
    await signInWithClock(page);
    const modal = page.getByRole('dialog', { name: 'Log ud' });

    await page.clock.fastForward((await msUntilExpiry(page)) - 5 * MINUTE - 2000);
    await expect(modal).toBeHidden();

    await page.clock.fastForward(3000);
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('session-time-left')).toHaveText(/^4:5\d$/);
    await expect(modal).toContainText('Du bliver automatisk logget ud om');
    await expect(modal.getByRole('button', { name: 'Forbliv logget ind' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Luk' })).toBeVisible();
    // Focus moves into the dialog.
    await expect(modal).toBeFocused();
    await expectSoundScreen(page);

    // A click on the backdrop leaves it open.
    await page.mouse.click(5, 5);
    await page.clock.fastForward(1000);
    await expect(modal).toBeVisible();

    await page.clock.fastForward(MINUTE);
    await expect(modal.getByTestId('session-time-left')).toHaveText(/^3:5\d$/);

    await page.clock.fastForward((await msUntilExpiry(page)) + 1000);
    await expect(page).toHaveURL(/\/login$/);
    await expect(modal).toBeHidden();
    expect(await readSession(page, 'token')).toBeNull();
    // All session storage is cleared; only the version check may have written its hash again since.
    const keys = await page.evaluate(() => Object.keys(window.sessionStorage));
    expect(keys.filter((key) => key !== 'versionChecked')).toEqual([]);
  });

  test("'Forbliv logget ind' resets the inactivity timer and closes the warning", async ({ page }) => {
    await signInWithClock(page);
    // A token that outlives the inactivity limit, so that inactivity is what ends this session.
    await page.evaluate(() => {
      window.sessionStorage.setItem('expires', new Date(Date.now() + 24 * 3_600_000).toISOString());
      window.sessionStorage.setItem('lastaction', String(Date.now()));
    });
    const modal = page.getByRole('dialog', { name: 'Log ud' });

    await page.clock.fastForward(12 * 60 * MINUTE - 4 * MINUTE);
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('session-time-left')).toHaveText(/^3:5\d$/);

    await modal.getByRole('button', { name: 'Forbliv logget ind' }).click();
    await expect(modal).toBeHidden();
    const now = await page.evaluate(() => Date.now());
    expect(Number(await readSession(page, 'lastaction'))).toBeGreaterThan(now - 2000);

    // Well past the old deadline, the session goes on.
    await page.clock.fastForward(10 * MINUTE);
    await expect(modal).toBeHidden();
    await expectHome(page);
    expect(await readSession(page, 'token')).not.toBeNull();
  });

  test("'Forbliv logget ind' fetches a fresh token when the token is what is about to expire", async ({
    page,
  }) => {
    // Real time and the real server: the token is made to look 3 minutes from expiry.
    await signIn(page, demoUsers.technician);
    await expectHome(page);
    await page.evaluate(() => {
      window.sessionStorage.setItem('expires', new Date(Date.now() + 3 * 60_000).toISOString());
    });
    const modal = page.getByRole('dialog', { name: 'Log ud' });
    await expect(modal).toBeVisible();

    const refresh = page.waitForResponse('**/api/authenticate/refreshtoken');
    await modal.getByRole('button', { name: 'Forbliv logget ind' }).click();
    expect((await refresh).status()).toBe(200);
    await expect(modal).toBeHidden();
    await expect.poll(async () => (await msUntilExpiry(page)) / MINUTE).toBeGreaterThan(11 * 60);
    await expectHome(page);
  });

  test('the close button hides the warning without extending the session', async ({ page }) => {
    await signInWithClock(page);
    const modal = page.getByRole('dialog', { name: 'Log ud' });
    await page.clock.fastForward((await msUntilExpiry(page)) - 2 * MINUTE);
    await expect(modal).toBeVisible();

    await modal.getByRole('button', { name: 'Luk' }).click();
    await expect(modal).toBeHidden();
    await page.clock.fastForward(30_000);
    await expect(modal).toBeHidden();

    await page.clock.fastForward(2 * MINUTE);
    await expect(page).toHaveURL(/\/login$/);
  });
});
