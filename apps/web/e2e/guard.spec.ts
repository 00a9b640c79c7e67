import { expect, test } from '@playwright/test';
import { demoUsers, expectHome, signIn } from './support/auth';

test.describe('route guard', () => {
  for (const path of ['/home', '/login/accountselect', '/login/resetpassword', '/']) {
    test(`${path} sends a signed-out user to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
    });
  }

  test('an unknown path leads home, which sends a signed-out user on to /login', async ({ page }) => {
    await page.goto('/findes/ikke');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown path leads a signed-in user home; a reload keeps the session', async ({ page }) => {
    await signIn(page, demoUsers.technician);
    await expectHome(page);
    await page.goto('/findes/ikke');
    await expectHome(page);
    await page.reload();
    await expectHome(page);
  });

  test('the per-second check ends a session whose expiry has passed', async ({ page }) => {
    await signIn(page, demoUsers.technician);
    await expectHome(page);
    await page.evaluate(() =>
      window.sessionStorage.setItem('expires', new Date(Date.now() - 1000).toISOString()),
    );
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
  });

  test('the guard does not look at the role: an administrator reaches home too', async ({ page }) => {
    await signIn(page, demoUsers.admin);
    await expect(page).toHaveURL(/\/login\/accountselect$/);
    await page.goto('/home');
    await expectHome(page);
  });
});
