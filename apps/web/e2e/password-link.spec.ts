import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers, fillLogin } from './support/auth';
import { tabTo } from './support/keyboard';
import { ownServerWithMail } from './support/own-mail-server';
import { expectSoundScreen } from './support/screen-checks';

// Issue 35: `Glemt adgangskode?` end to end through a real SMTP server this test starts, on a server
// of its own (the shared one has no SMTP_URL), then `Udsendte e-mails` with the message it sent.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 375, height: 740 } });

const NEW_PASSWORD = 'nyKode_2026';

const own = ownServerWithMail();

test('Glemt adgangskode?: the e-mail arrives with its link, which sets a password to sign in with', async ({
  page,
}) => {
  await page.goto(`${own.server.baseUrl}/login`);
  const forgot = page.getByRole('link', { name: 'Glemt adgangskode?' });
  await tabTo(page, forgot);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/glemt-adgangskode$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Glemt adgangskode?' })).toBeVisible();
  await expectSoundScreen(page);

  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(demoUsers.customerUser);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Hvis e-mailadressen hører til en bruger',
  );
  await expectSoundScreen(page);

  const message = await own.mail.nextMailTo(demoUsers.customerUser);
  expect(message.subject).toBe('Vælg en ny adgangskode til Måleraflæsning');
  const link = /(http:\/\/\S+\/ny-adgangskode#[\w-]+)/.exec(message.text ?? '')?.[1];
  expect(link, message.text).toBeDefined();
  expect(link?.startsWith(`${own.server.baseUrl}/ny-adgangskode#`)).toBe(true);
  expect(message.html).toContain(`href="${link}"`);
  expect(message.html).not.toMatch(/<img/i);

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg ny adgangskode' })).toBeVisible();
  await expectSoundScreen(page);
  await tabTo(page, page.getByLabel('Adgangskode', { exact: true }));
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press('Tab');
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toContainText('Din nye adgangskode er gemt');
  await expectSoundScreen(page);

  // The link is used up: opening it again is refused.
  await page.getByRole('link', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, demoUsers.customerUser, { password: DEMO_PASSWORD });
  await expect(page.getByTestId('login-error')).toBeVisible({ timeout: 20_000 });
  await fillLogin(page, demoUsers.customerUser, { password: NEW_PASSWORD });
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 20_000 });

  await page.goto(link ?? '');
  await page.getByLabel('Adgangskode', { exact: true }).fill('endnu_en_2026');
  await page.getByLabel('Gentag adgangskode').fill('endnu_en_2026');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Linket er ugyldigt eller udløbet');
  await expectSoundScreen(page);
});

test('Udsendte e-mails shows the message as sent and opens it with its link', async ({ page }) => {
  await page.goto(`${own.server.baseUrl}/login`);
  await fillLogin(page, demoUsers.admin);
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 20_000 });
  await page.goto(`${own.server.baseUrl}/administration/e-mails`);
  const section = page.getByRole('region', { name: 'Udsendte e-mails', exact: true });
  const row = section.getByRole('row').filter({ hasText: `Til ${demoUsers.customerUser}` });
  await expect(row).toContainText('Sendt');
  await expect(row).toContainText('Vælg en ny adgangskode til Måleraflæsning');
  await expectSoundScreen(page);

  const open = row.getByRole('button', { name: /^Vis / });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Vælg en ny adgangskode til Måleraflæsning' });
  await expect(dialog.getByRole('link', { name: /\/ny-adgangskode#/ })).toBeVisible();
  await expectSoundScreen(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('a new user from Brugere gets an invitation instead of a shown password, and its link sets the first one', async ({
  page,
  browser,
}) => {
  const invited = { name: 'Inge Inviteret', email: 'inge.inviteret@eksempel.dk' };
  await page.goto(`${own.server.baseUrl}/login`);
  await fillLogin(page, demoUsers.admin);
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 20_000 });
  await page.goto(`${own.server.baseUrl}/administration/brugere`);
  const users = page.getByRole('region', { name: 'Brugere', exact: true });
  await users.getByRole('button', { name: 'Ny bruger' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ny bruger' });
  await dialog.getByLabel('Navn').fill(invited.name);
  await dialog.getByLabel('E-mail').fill(invited.email);
  await dialog.getByLabel('Rolle').selectOption({ label: 'Kundebruger' });
  await dialog.getByLabel('Søparken afdeling 1').check();
  await dialog.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(dialog).toBeHidden();
  const notice = users.getByRole('status').filter({ hasText: invited.email });
  await expect(notice).toHaveText(
    `${invited.email} er oprettet og har fået en e-mail med et link til at vælge adgangskode.`,
  );
  await expect(notice).not.toContainText('Midlertidig adgangskode');
  await expectSoundScreen(page);

  const invitation = await own.mail.nextMailTo(invited.email);
  expect(invitation.subject).toBe('Du er oprettet som bruger i Måleraflæsning');
  expect(invitation.text).toContain('Linket virker i 7 dage');
  const link = /(http:\/\/\S+\/ny-adgangskode#[\w-]+)/.exec(invitation.text ?? '')?.[1] ?? '';

  // The invited person, in a browser of their own.
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const own = await context.newPage();
    await own.goto(link);
    await own.getByLabel('Adgangskode', { exact: true }).fill(NEW_PASSWORD);
    await own.getByLabel('Gentag adgangskode').fill(NEW_PASSWORD);
    await own.getByRole('button', { name: 'Gem adgangskode' }).click();
    await expect(own.getByRole('main').getByRole('status')).toContainText('Din nye adgangskode er gemt');
    await own.getByRole('link', { name: 'Log ind' }).click();
    await fillLogin(own, invited.email, { password: NEW_PASSWORD });
    await expect(own).toHaveURL(/\/home$/, { timeout: 20_000 });
  } finally {
    await context.close();
  }
});
