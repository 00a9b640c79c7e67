import { expect, type Page, test } from '@playwright/test';
import { expectHome, readSession, signIn } from './support/auth';
import { addCustomerWithAccount, addUser, ownTenantNames } from './support/cli';
import { expectSoundScreen } from './support/screen-checks';

// A new user has the reset flag until a new password is saved, which happens once: the tests share
// that user, made anew for each attempt (a retry must not meet the password the attempt before saved),
// and run in order.
test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = 'nyKode_2026';

/** A customer user of one account, with the temporary password the CLI made. */
let newcomer: { customer: string; email: string; password: string };

test.beforeAll(() => {
  // Three CLI runs: slow on a busy machine.
  test.setTimeout(60_000);
  const names = ownTenantNames('Nyby', 'ny');
  const accountId = addCustomerWithAccount(
    { name: names.customer, address: 'Nybyvej 1', postal: '5000', town: 'Odense C' },
    names.account,
  );
  const password = addUser({
    email: names.email,
    name: 'Nina Ny',
    role: 2,
    customer: names.customer,
    accountIds: [accountId],
  });
  newcomer = { customer: names.customer, email: names.email, password };
});

async function openResetPassword(page: Page): Promise<void> {
  await signIn(page, newcomer.email, { password: newcomer.password });
  await expect(page).toHaveURL(/\/login\/resetpassword$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Angiv ny adgangskode' })).toBeVisible();
  expect(await readSession(page, 'resetpassword')).toBe('true');
}

test.describe('new password', () => {
  test('the form enforces the password rule and the repeat, and passes axe', async ({ page }) => {
    await openResetPassword(page);
    const save = page.getByRole('button', { name: 'Gem adgangskode' });
    const password = page.getByLabel('Adgangskode', { exact: true });
    const repeat = page.getByLabel('Gentag adgangskode');
    await expect(save).toBeDisabled();
    await expectSoundScreen(page);

    await password.fill('kort');
    await expect(page.getByRole('alert').filter({ hasText: 'mindst 8 tegn' })).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await password.fill('mellem rum');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await password.fill(NEW_PASSWORD);
    await expect(password).toHaveAttribute('aria-invalid', 'false');
    await repeat.fill(`${NEW_PASSWORD}x`);
    await expect(page.getByText('Adgangskoderne er ikke ens')).toBeVisible();
    await expect(repeat).toHaveAttribute('aria-invalid', 'true');
    await expect(save).toBeDisabled();
    await expectSoundScreen(page);

    await repeat.fill(NEW_PASSWORD);
    await expect(save).toBeEnabled();
  });

  test("a refused password shows 'Informationer er ikke gemt', which a route change clears", async ({
    page,
  }) => {
    await page.route('**/api/user/changepassword', (route) =>
      route.fulfill({ json: { Success: false, Message: 'Adgangskoden er brugt før' } }),
    );
    await openResetPassword(page);
    await page.getByLabel('Adgangskode', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Gentag adgangskode').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Gem adgangskode' }).click();

    const banner = page.getByTestId('alert-banner');
    await expect(banner).toHaveText('Informationer er ikke gemt. Fejl: Adgangskoden er brugt før');
    await expect(banner).toHaveClass(/alert-danger/);
    await expectSoundScreen(page);
    await expect(page).toHaveURL(/\/login\/resetpassword$/);
    expect(await readSession(page, 'resetpassword')).toBe('true');

    // The banner's close button removes it; saving again shows it again.
    await banner.getByRole('button', { name: 'Luk' }).click();
    await expect(banner).toHaveCount(0);
    await page.getByRole('button', { name: 'Gem adgangskode' }).click();
    await expect(banner).toBeVisible();

    // A client-side route change (not a page load) clears the alert.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/home');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectHome(page);
    await expect(page.getByTestId('alert-banner')).toHaveCount(0);
  });

  test("saving stores the new token, shows 'Informationer er gemt' across one route change, then home", async ({
    page,
  }) => {
    await page.clock.install();
    await openResetPassword(page);
    const oldToken = await readSession(page, 'token');
    await page.getByLabel('Adgangskode', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Gentag adgangskode').fill(NEW_PASSWORD);
    const answer = page.waitForResponse('**/api/user/changepassword');
    await page.getByRole('button', { name: 'Gem adgangskode' }).click();
    expect((await (await answer).json()).Success).toBe(true);

    // One account: its info and company data are loaded and the user lands home.
    await expectHome(page);
    const banner = page.getByTestId('alert-banner');
    await expect(banner).toHaveText('Informationer er gemt');
    await expect(banner).toHaveClass(/alert-success/);
    // The success alert hides itself after 4 s. Checked at once: the installed clock also runs in real
    // time, so what a loaded machine spends on the checks below would count towards the 4 s.
    await page.clock.fastForward(3000);
    await expect(banner).toBeVisible();
    await page.clock.fastForward(1100);
    await expect(banner).toHaveCount(0);
    expect(await readSession(page, 'resetpassword')).toBe('false');
    const token = await readSession(page, 'token');
    expect(token).not.toBe(oldToken);
    expect(JSON.parse((await readSession(page, 'customer')) ?? 'null')).toMatchObject({
      name: newcomer.customer,
    });

    // The old token stopped working with the password change; the stored one works.
    const status = (bearer: string | null) =>
      page.evaluate(
        async (value) =>
          (await fetch('/api/user/loadcurrent', { headers: { Authorization: `Bearer ${value}` } })).status,
        bearer,
      );
    expect(await status(oldToken)).toBe(401);
    expect(await status(token)).toBe(200);

    // The old password no longer works; the new one does and skips this screen.
    await page.getByRole('button', { name: 'Log ud' }).click();
    await signIn(page, newcomer.email, { password: NEW_PASSWORD });
    await expectHome(page);
  });
});
