import { expect, test } from '@playwright/test';
import { demoUsers, expectHome, fillLogin, readSession, signIn } from './support/auth';
import { gate } from './support/gate';

test.describe('sign-in', () => {
  test('a meter reader (role 0) goes straight home with the account, customer and gateways stored', async ({
    page,
  }) => {
    const login = page.waitForRequest('**/api/authenticate/userauthenticate/v2');
    await signIn(page, demoUsers.technician);
    expect((await login).postDataJSON()).toEqual({
      email: demoUsers.technician,
      password: 'demo1234',
      rememberme: false,
      area: 9,
    });
    await expectHome(page);

    expect(await readSession(page, 'role')).toBe('0');
    expect(await readSession(page, 'resetpassword')).toBe('false');
    expect(await readSession(page, 'measuregrouplist')).toBe('');
    const accounts = JSON.parse((await readSession(page, 'accountinfolist')) ?? '[]');
    expect(accounts).toHaveLength(1);
    const selected = JSON.parse((await readSession(page, 'accountselected')) ?? 'null');
    expect(selected).toEqual(accounts[0]);
    expect(await readSession(page, 'accountid')).toBe(selected.guid);
    expect(await readSession(page, 'accountname')).toBe(selected.name);
    expect(JSON.parse((await readSession(page, 'customer')) ?? 'null')).toEqual({
      name: 'Ejendomsselskabet Nørrevang A/S',
      address: 'Nørrevang 4',
      postalcode: '5000',
      town: 'Odense C',
    });
    const gateways = JSON.parse((await readSession(page, 'gatewaylist')) ?? 'null');
    expect(gateways.accountId).toBe(selected.guid);
    expect(gateways.gateways.length).toBeGreaterThan(0);
  });

  test('a customer user with one customer and two accounts goes home with both accounts', async ({
    page,
  }) => {
    await signIn(page, demoUsers.customerUser);
    await expectHome(page);
    const accounts = JSON.parse((await readSession(page, 'accountinfolist')) ?? '[]');
    expect(accounts.map((account: { name: string }) => account.name).sort()).toEqual([
      'Søparken afdeling 1',
      'Søparken afdeling 2',
    ]);
    expect(JSON.parse((await readSession(page, 'accountselected')) ?? 'null')).toEqual(accounts[0]);
  });

  test('an administrator with two customers chooses one, then goes home', async ({ page }) => {
    // Answers held until the loading texts have been seen.
    const customersHeld = gate();
    const accountsHeld = gate();
    await page.route('**/api/customer/loadlistbyid', async (route) => {
      await customersHeld.opened;
      await route.continue();
    });
    await page.route('**/api/account/loadlistbycustomer/*', async (route) => {
      await accountsHeld.opened;
      await route.continue();
    });
    const customersRequest = page.waitForRequest('**/api/customer/loadlistbyid');
    await signIn(page, demoUsers.admin);

    await expect(page).toHaveURL(/\/login\/accountselect$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vælg kunde' })).toBeVisible();
    await expect(page.getByText('Henter kunder....')).toBeVisible();
    const customerList = await readSession(page, 'customerlist');
    expect((await customersRequest).postDataJSON()).toBe(customerList);
    customersHeld.open();

    const customers = page.getByRole('listitem');
    await expect(customers).toHaveCount(2);
    await expect(page.getByText('Henter kunder....')).toBeHidden();
    const norrevang = customers.filter({ hasText: 'Ejendomsselskabet Nørrevang A/S' });
    await expect(norrevang).toContainText('Nørrevang 4');
    await expect(norrevang).toContainText('5000 Odense C');
    await expect(customers.filter({ hasText: 'Boligforeningen Søparken' })).toContainText('8260 Viby J');

    await norrevang.getByRole('button', { name: 'Vælg Ejendomsselskabet Nørrevang A/S' }).click();
    await expect(norrevang.getByRole('button', { name: 'Vent...' })).toBeDisabled();
    await expect(page.getByText('Henter kunde...', { exact: true })).toBeVisible();
    accountsHeld.open();
    await expectHome(page);
    const accounts = JSON.parse((await readSession(page, 'accountinfolist')) ?? '[]');
    expect(accounts.map((account: { name: string }) => account.name)).toEqual(['Nørrevang erhvervslejemål']);
    expect(await readSession(page, 'customerid')).toBeTruthy();
  });

  test('a wrong password shows the server message in a red alert and marks the password invalid', async ({
    page,
  }) => {
    await page.goto('/login');
    const answer = page.waitForResponse('**/api/authenticate/userauthenticate/v2');
    await fillLogin(page, demoUsers.otherCustomer, { password: 'forkert-kode' });
    const body = await (await answer).json();
    expect(body.Success).toBe(false);

    const alert = page.getByTestId('login-error');
    await expect(alert).toHaveText(body.Message);
    await expect(alert).toHaveClass(/alert-danger/);
    await expect(alert).toHaveAttribute('role', 'alert');
    await expect(page.getByLabel('Adgangskode', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Adgangskode', { exact: true })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Log ind' })).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readSession(page, 'token')).toBeNull();
  });

  test("'Log ind' shows a spinner and is disabled while signing in", async ({ page }) => {
    const { opened: held, open: release } = gate();
    await page.route('**/api/authenticate/userauthenticate/v2', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, demoUsers.technician);
    const button = page.getByRole('button', { name: /Log ind/ });
    await expect(button).toBeDisabled();
    await expect(button.locator('.spinner-border')).toBeVisible();
    release();
    await expectHome(page);
  });

  test("'Husk mig' keeps the e-mail for the next sign-in, across a reload", async ({ page }) => {
    await signIn(page, demoUsers.technician, { remember: true });
    await expectHome(page);
    expect(await page.evaluate(() => window.localStorage.getItem('rememberme'))).toBe('true');
    expect(await page.evaluate(() => window.localStorage.getItem('email'))).toBe(demoUsers.technician);

    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    await page.reload();
    await expect(page.getByLabel('E-mail')).toHaveValue(demoUsers.technician);
    await expect(page.getByLabel('Husk mig')).toBeChecked();

    // Signing in without it forgets the e-mail again.
    await page.getByLabel('Husk mig').uncheck();
    await fillLogin(page, demoUsers.technician);
    await expectHome(page);
    expect(await page.evaluate(() => window.localStorage.getItem('email'))).toBeNull();
  });

  test("'Log ud' ends the session on the server too: the old token is refused afterwards", async ({
    page,
  }) => {
    await signIn(page, demoUsers.technician);
    await expectHome(page);
    const token = await readSession(page, 'token');
    expect(token).toBeTruthy();
    const loadCurrent = () =>
      page.request.get('/api/user/loadcurrent', { headers: { Authorization: `Bearer ${token}` } });
    expect((await loadCurrent()).status()).toBe(200);

    const logout = page.waitForResponse((res) => res.url().endsWith('/api/authenticate/logout'));
    await page.getByRole('button', { name: 'Log ud' }).click();
    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    expect((await loadCurrent()).status()).toBe(401);
  });

  test("'Log ud' without a connection still signs out on the device", async ({ page, context }) => {
    await signIn(page, demoUsers.technician);
    await expectHome(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
    await context.setOffline(false);
  });
});
