import { expect, type Locator, type Page, test } from '@playwright/test';
import { fillLogin } from './support/auth';
import { addAccount, addCustomerWithAccount, addUser } from './support/cli';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// Brugere (issue 18) on a tenant of its own, made with the operator's CLI: one customer with two
// accounts and an administrator. Each run (and retry) makes a new one, so the users it creates,
// changes and disables touch no other browser test.
// Each test signs in several times and checks every state with axe: more than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = `${Date.now() % 1_000_000}`;
const tenant = {
  customer: `Brugerhuse ${run}`,
  accounts: [`Brugerhuse nord ${run}`, `Brugerhuse syd ${run}`],
  admin: `brugeradmin-${run}@eksempel.dk`,
  password: 'bruger1234',
};
const created = { name: 'Berit Bruger', email: `berit-${run}@eksempel.dk` };
const keyed = { name: 'Tage Tastatur', email: `tage-${run}@eksempel.dk` };
let temporaryPassword = '';

test.beforeAll(() => {
  const [first = '', ...others] = tenant.accounts;
  addCustomerWithAccount(
    { name: tenant.customer, address: 'Brugervej 1', postal: '7100', town: 'Vejle' },
    first,
  );
  for (const account of others) addAccount(tenant.customer, account);
  addUser({
    email: tenant.admin,
    name: 'Aase Admin',
    role: 1,
    customer: tenant.customer,
    password: tenant.password,
  });
});

async function openUsers(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(
    page,
    { email: tenant.admin, password: tenant.password },
    { path: '/administration/brugere', heading: 'Administration' },
  );
  const users = page.getByRole('region', { name: 'Brugere', exact: true });
  await expect(users.getByRole('table', { name: 'Brugere hos dine kunder' })).toBeVisible();
  return users;
}

const rowOf = (users: Locator, email: string) =>
  users.getByRole('table', { name: 'Brugere hos dine kunder' }).getByRole('row').filter({ hasText: email });

/** Signs in on a page of its own and says where the app went, or the refusal it showed. */
async function trySignIn(page: Page, email: string, password: string): Promise<string> {
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error('no browser');
  await other.goto('/login');
  await fillLogin(other, email, { password });
  const outcome = await Promise.race([
    other.waitForURL(/\/login\/resetpassword$|\/home$/).then(() => new URL(other.url()).pathname),
    other
      .getByText('Forkert e-mail eller adgangskode')
      .waitFor()
      .then(() => 'refused'),
  ]);
  await other.close();
  return outcome;
}

/** The notice after a change: the section's status line. */
const notice = (users: Locator) => users.getByRole('status').filter({ hasText: /\S/ });

test.describe('administration: Brugere', () => {
  test("'Ny bruger' creates a user whose temporary password is shown once and must be replaced", async ({
    page,
  }) => {
    const users = await openUsers(page);
    await expectSoundScreen(page);
    // Usable at 375 px: neither the page nor the list scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const list = users.getByRole('region', { name: 'Brugere hos dine kunder' });
    expect(await list.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);

    await users.getByRole('button', { name: 'Ny bruger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny bruger' });
    await dialog.getByRole('button', { name: 'Opret bruger' }).click();
    await expect(dialog.getByText('Navn skal udfyldes')).toBeVisible();
    await expect(dialog.getByText('Vælg mindst én konto')).toBeVisible();
    await expectSoundScreen(page);
    await dialog.getByLabel('Navn').fill(created.name);
    await dialog.getByLabel('E-mail').fill(created.email);
    await dialog.getByLabel('Rolle').selectOption({ label: 'Kundebruger' });
    await dialog.getByLabel(tenant.accounts[0] ?? '').check();
    await dialog.getByRole('button', { name: 'Opret bruger' }).click();
    await expect(dialog).toBeHidden();

    await expect(notice(users)).toContainText(`${created.email} er oprettet. Midlertidig adgangskode: `);
    temporaryPassword = /adgangskode: (\S+) –/.exec((await notice(users).textContent()) ?? '')?.[1] ?? '';
    expect(temporaryPassword).toMatch(/^\w{14}$/);
    const row = rowOf(users, created.email);
    await expect(row).toContainText('Kundebruger');
    await expect(row).toContainText('Skal vælge ny adgangskode');
    await expectSoundScreen(page);

    // The same e-mail again is refused in Danish.
    await users.getByRole('button', { name: 'Ny bruger' }).click();
    await dialog.getByLabel('Navn').fill('Igen');
    await dialog.getByLabel('E-mail').fill(created.email);
    await dialog.getByLabel(tenant.accounts[1] ?? '').check();
    await dialog.getByRole('button', { name: 'Opret bruger' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'E-mailadressen kan ikke bruges' }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Annuller' }).click();

    expect(await trySignIn(page, created.email, temporaryPassword)).toBe('/login/resetpassword');
  });

  test("'Rediger' changes role and accounts; 'Deaktiver' refuses sign-in until 'Aktiver'", async ({
    page,
  }) => {
    const users = await openUsers(page);
    const row = rowOf(users, created.email);
    await row.getByRole('button', { name: `Rediger ${created.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rediger ${created.name}` });
    await expect(dialog.getByLabel('E-mail')).toHaveValue(created.email);
    await dialog.getByLabel('Rolle').selectOption({ label: 'Måleraflæser' });
    await dialog.getByLabel(tenant.accounts[0] ?? '').uncheck();
    await dialog.getByLabel(tenant.accounts[1] ?? '').check();
    await expectSoundScreen(page);
    await dialog.getByRole('button', { name: 'Gem' }).click();
    await expect(dialog).toBeHidden();
    await expect(notice(users)).toHaveText(`${created.name} er gemt.`);
    await expect(row).toContainText('Måleraflæser');

    await row.getByRole('button', { name: `Deaktiver ${created.name}` }).click();
    await expect(notice(users)).toHaveText(`${created.name} er deaktiveret og logget ud.`);
    await expect(row).toContainText('Deaktiveret');
    await expectSoundScreen(page);
    expect(await trySignIn(page, created.email, temporaryPassword)).toBe('refused');

    await row.getByRole('button', { name: `Aktiver ${created.name}` }).click();
    await expect(notice(users)).toHaveText(`${created.name} er aktiveret igen.`);
    await expect(row).not.toContainText('Deaktiveret');
    expect(await trySignIn(page, created.email, temporaryPassword)).toBe('/login/resetpassword');
  });

  test("a user locked after failed sign-ins shows 'Låst', and 'Lås op' lets them in again", async ({
    page,
  }) => {
    const other = await page.context().browser()?.newPage();
    if (!other) throw new Error('no browser');
    await other.goto('/login');
    // The limit per e-mail and address is 5 failures (the default the browser tests keep).
    for (let attempt = 0; attempt < 6; attempt++) {
      await fillLogin(other, created.email, { password: 'forkert_kode_1' });
      await expect(other.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
    }
    await expect(other.getByText('For mange mislykkede loginforsøg', { exact: false })).toBeVisible();
    await other.close();

    const users = await openUsers(page);
    const row = rowOf(users, created.email);
    await expect(row).toContainText('Låst');
    await expectSoundScreen(page);
    await users.screenshot({ path: '/tmp/screens/administration-users.png' });
    await row.getByRole('button', { name: `Lås ${created.name} op` }).click();
    await expect(notice(users)).toHaveText(`${created.name} er låst op og kan logge ind igen.`);
    await expect(row).not.toContainText('Låst');
    expect(await trySignIn(page, created.email, temporaryPassword)).toBe('/login/resetpassword');
  });

  test('works with the keyboard alone: create a user and edit them', async ({ page }) => {
    const users = await openUsers(page);
    const newUser = users.getByRole('button', { name: 'Ny bruger' });
    await newUser.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ny bruger' });
    await expect(dialog).toBeVisible();
    // The dialog opens on its first field; Tab walks the others in order.
    await expect(dialog.getByLabel('Navn')).toBeFocused();
    await page.keyboard.type(keyed.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(keyed.email);
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Rolle')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel(tenant.accounts[0] ?? '')).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(notice(users)).toContainText(`${keyed.email} er oprettet.`);
    // The focus is back on the button that opened the dialog.
    await expect(newUser).toBeFocused();

    const edit = rowOf(users, keyed.email).getByRole('button', { name: `Rediger ${keyed.name}` });
    await edit.focus();
    await page.keyboard.press('Enter');
    const editDialog = page.getByRole('dialog', { name: `Rediger ${keyed.name}` });
    await expect(editDialog).toBeVisible();
    await expect(editDialog.getByLabel('Navn')).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' Hansen');
    await page.keyboard.press('Enter');
    await expect(editDialog).toBeHidden();
    await expect(notice(users)).toHaveText(`${keyed.name} Hansen er gemt.`);
    await expect(edit).toBeFocused();

    // The search runs on the server.
    const search = users.getByLabel('Søg efter navn eller e-mail');
    await search.focus();
    await page.keyboard.type('tage-');
    await expect(users.getByRole('table', { name: 'Brugere hos dine kunder' }).getByRole('row')).toHaveCount(
      2,
    );
    await expectSoundScreen(page);
  });

  test("pages 50 users at a time with 'Næste side' and 'Forrige side'", async ({ page }) => {
    const users = await openUsers(page);
    // 50 more users through the create call the dialog makes, with the page's session.
    const status = await page.evaluate(
      async ({ account, run }) => {
        const xsrf = document.cookie
          .split('; ')
          .find((part) => part.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length);
        const headers = {
          Authorization: `Bearer ${window.sessionStorage.getItem('token')}`,
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? ''),
        };
        const accounts = await fetch('/api/account/loadlistbycurrentuser/v2/9', { headers });
        const accountId = ((await accounts.json()) as { guid: string; name: string }[]).find(
          (a) => a.name === account,
        )?.guid;
        const answers = [];
        for (let i = 0; i < 50; i++) {
          const n = String(i).padStart(2, '0');
          const response = await fetch('/api/admin/users', {
            method: 'POST',
            headers,
            body: JSON.stringify({
              name: `Mange ${n}`,
              email: `mange-${n}-${run}@eksempel.dk`,
              role: 2,
              accountIds: [accountId],
            }),
          });
          answers.push(response.status);
        }
        return [...new Set(answers)];
      },
      { account: tenant.accounts[0] ?? '', run },
    );
    expect(status).toEqual([200]);
    await page.reload();
    const table = users.getByRole('table', { name: 'Brugere hos dine kunder' });
    await expect(users.getByText('53 brugere')).toBeVisible();
    const pages = users.getByRole('navigation', { name: 'Sider med brugere' });
    await expect(pages).toContainText('Side 1 af 2');
    await expect(table.getByRole('row')).toHaveCount(51);
    await expect(pages.getByRole('button', { name: 'Forrige side' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Næste side' }).click();
    await expect(pages).toContainText('Side 2 af 2');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(pages.getByRole('button', { name: 'Næste side' })).toBeDisabled();
    await expectSoundScreen(page);
    await pages.getByRole('button', { name: 'Forrige side' }).click();
    await expect(pages).toContainText('Side 1 af 2');
    // A search starts again at page 1 and finds across all pages.
    await users.getByLabel('Søg efter navn eller e-mail').fill('Mange 49');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(pages).toHaveCount(0);
  });
});
