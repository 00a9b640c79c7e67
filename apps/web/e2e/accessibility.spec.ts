import { expect, test } from '@playwright/test';
import { demoUsers, expectHome, fillLogin, signIn } from './support/auth';
import { expectSoundScreen } from './support/screen-checks';

// The new-password screen, the alert banner and the 'Log ud' modal are scanned in their own specs.
test.describe('accessibility', () => {
  test('the login screen, also with errors, has no axe violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
    await expect(page).toHaveTitle('Log ind – Måleraflæsning');
    await expectSoundScreen(page);

    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByText('E-mail skal udfyldes')).toBeVisible();
    await expectSoundScreen(page);

    await page.getByLabel('E-mail').fill(demoUsers.otherCustomer);
    await page.getByLabel('Adgangskode', { exact: true }).fill('forkert-kode');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expectSoundScreen(page);
  });

  test('the customer list has no axe violations', async ({ page }) => {
    await signIn(page, demoUsers.admin);
    await expect(page.getByRole('listitem')).toHaveCount(2);
    await expectSoundScreen(page);
  });

  test('home has no axe violations, and focus moves to the heading', async ({ page }) => {
    await signIn(page, demoUsers.customerUser);
    await expectHome(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expectSoundScreen(page);
  });

  test('every screen has exactly one h1', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await fillLogin(page, demoUsers.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Vælg kunde' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.getByRole('button', { name: /^Vælg Boligforeningen Søparken$/ }).click();
    await expectHome(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('the login screen works on a 375 px phone: no sideways scrolling, full-width button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/login');
    await expectSoundScreen(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    const button = await page.getByRole('button', { name: 'Log ind' }).boundingBox();
    const field = await page.getByLabel('E-mail').boundingBox();
    expect(button?.width).toBeGreaterThan(280);
    expect(field?.width).toBeGreaterThan(280);
    expect((button?.height ?? 0) >= 38).toBe(true);
    await fillLogin(page, demoUsers.technician);
    await expectHome(page);
  });
});
