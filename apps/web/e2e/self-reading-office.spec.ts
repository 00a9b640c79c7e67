import { readFileSync } from 'node:fs';
import { pdfPageTexts } from '@maaler/test-support/pdf-text';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoUsers, fillLogin } from './support/auth';
import { tabTo } from './support/keyboard';
import { ownServerWithMail } from './support/own-mail-server';
import { expectSoundScreen } from './support/screen-checks';

// Issue 35, ADR 043: the office's `Selvaflæsning` on a server of its own with a real SMTP server this
// test starts. The demo's Nørrevang account has 50 Hybenvej meters with a resident e-mail and two
// meters without; the demo history ends last month, so every meter is `Mangler` in this one.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 375, height: 740 } });

// Copied into docs/screenshots by hand, as the other screens (/tmp/screens is the browser tests' folder).
const SCREENSHOTS = '/tmp/screens';
const CODE = /[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}/;
/** A code printed on a letter, for the code test. */
let letterCode = '';

const own = ownServerWithMail();

async function openSection(page: Page): Promise<Locator> {
  await page.goto(`${own.server.baseUrl}/login`);
  await fillLogin(page, demoUsers.admin);
  await page.getByRole('button', { name: /^Vælg Ejendomsselskabet Nørrevang/ }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  await page.goto(`${own.server.baseUrl}/administration/selvaflaesning`);
  const section = page.getByRole('region', { name: 'Selvaflæsning', exact: true });
  await expect(section.getByTestId('self-reading-counts')).toBeVisible({ timeout: 20_000 });
  return section;
}

const count = (section: Locator, label: string) =>
  section
    .getByTestId('self-reading-counts')
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');

test('Send invitationer: the e-mail arrives, its link takes the reading, and the receipt follows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const section = await openSection(page);
  await expect(count(section, 'Inviteret')).toHaveText('0');
  await expect(section.getByText('50 beboere med e-mail mangler at aflæse')).toBeVisible();
  await expectSoundScreen(page);
  await page.screenshot({ path: `${SCREENSHOTS}/selfreading-section.png`, fullPage: true });

  const send = section.getByRole('button', { name: 'Send invitationer' });
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toContainText(
    '50 invitationer er sendt. 0 beboere var inviteret i forvejen.',
    {
      timeout: 30_000,
    },
  );
  await expect(count(section, 'Inviteret')).toHaveText('50');
  await expectSoundScreen(page);

  const invitation = await own.mail.nextMailTo('beboer1@eksempel.dk');
  expect(invitation.subject).toBe('Aflæs din måler');
  expect(invitation.text).toContain('Måler: Hybenvej 1');
  expect(invitation.html).not.toMatch(/<img/i);
  const link = /(http:\/\/\S+\/aflaesning#[\w-]{43})/.exec(invitation.text ?? '')?.[1] ?? '';
  expect(link).not.toBe('');

  // The e-mail as a mail program shows it, for the documentation.
  const rendered = await browser.newPage({ viewport: { width: 600, height: 700 } });
  await rendered.setContent(String(invitation.html));
  await rendered.screenshot({ path: `${SCREENSHOTS}/invitation-email.png`, fullPage: true });
  await rendered.close();

  // The resident, on a phone of their own, without signing in.
  const resident = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await resident.goto(link);
  await expect(resident.getByRole('heading', { level: 1, name: 'Aflæs din måler' })).toBeVisible();
  await expect(resident.getByText('Hybenvej 1', { exact: true })).toBeVisible();
  const field = resident.getByRole('textbox').first();
  await tabTo(resident, field);
  await resident.keyboard.type('250');
  await resident.keyboard.press('Enter');
  await expect(resident.getByRole('main').getByRole('status')).toContainText(
    'Tak – din aflæsning er modtaget',
  );
  await resident.close();

  await expect
    .poll(() => own.mail.received.filter((m) => m.subject === 'Din aflæsning er modtaget').length, {
      timeout: 30_000,
    })
    .toBe(1);
  const receipt = own.mail.received.find((m) => m.subject === 'Din aflæsning er modtaget');
  expect(receipt?.text).toContain('Tak – din aflæsning er modtaget.');
  expect(receipt?.text).toContain(': 250');

  await page.reload();
  await expect(count(section, 'Besvaret')).toHaveText('1');
  // Sent again: nobody gets a second invitation (the one who answered is no longer missing).
  await section.getByRole('button', { name: 'Send invitationer' }).click();
  await expect(section.getByRole('status')).toContainText(
    '0 invitationer er sendt. 49 beboere var inviteret i forvejen.',
  );
  expect(own.mail.received.filter((m) => m.subject === 'Aflæs din måler')).toHaveLength(50);
});

test('Udskriv breve gives a PDF with a letter per meter without e-mail', async ({ page }) => {
  const section = await openSection(page);
  await expect(section.getByText('2 målere mangler og har ingen beboer med e-mail.')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Udskriv breve' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('selvaflaesning-breve.pdf');
  const path = await download.path();
  const pages = await pdfPageTexts(readFileSync(path));
  expect(pages).toHaveLength(2);
  expect(pages[0]).toContain('Ejendomsselskabet Nørrevang A/S');
  letterCode = CODE.exec(pages[0] ?? '')?.[0] ?? '';
  expect(letterCode).not.toBe('');
});

test('the code from a letter opens the meter on /aflaesning, by keyboard', async ({ page }) => {
  await page.goto(`${own.server.baseUrl}/aflaesning`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aflæs din måler' })).toBeVisible();
  const code = page.getByLabel('Kode');
  await expectSoundScreen(page);

  await tabTo(page, code);
  await page.keyboard.type('ABCD');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Skriv koden, som den står i brevet: 10 tegn, fx ABCD-EFGH-JK')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expectSoundScreen(page);

  await code.fill('2222-2222-22');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Koden er forkert eller udløbet. Kontrollér den, og prøv igen.')).toBeVisible();

  await code.fill(letterCode.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByText('Ejendomsselskabet Nørrevang A/S')).toBeVisible();
  const field = page.getByRole('textbox').first();
  await tabTo(page, field);
  await page.keyboard.type('1000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toContainText('Tak – din aflæsning er modtaget');
  await expectSoundScreen(page);
});

test('a meter skipped with Ingen adgang gets its card from Udskriv kort', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The reader skips the water meter (no resident e-mail) with `Ingen adgang` on the route.
  const reader = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await reader.goto(`${own.server.baseUrl}/login`);
  await fillLogin(reader, demoUsers.technician);
  await expect(reader).not.toHaveURL(/\/login/, { timeout: 20_000 });
  await reader.getByRole('button', { name: 'Rute' }).click();
  await reader
    .getByRole('dialog')
    .getByRole('button', { name: 'Vandmåler Serienr. DIE-HYD-556677 Mangler' })
    .click();
  await reader.getByRole('button', { name: 'Spring over' }).click();
  const skip = reader.getByRole('dialog', { name: 'Spring over' });
  await skip.getByLabel('Ingen adgang').check();
  await skip.getByRole('button', { name: 'Spring over' }).click();
  await expect(skip).toBeHidden();
  await reader.close();

  const section = await openSection(page);
  const row = section.getByRole('row').filter({ hasText: 'Vandmåler' });
  await expect(row).toContainText('DIE-HYD-556677');
  await expect(row).toContainText('Nej');
  await expectSoundScreen(page);
  const print = row.getByRole('button', { name: 'Udskriv kort til Vandmåler' });
  await tabTo(page, print);
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('selvaflaesning-kort.pdf');
  const pages = await pdfPageTexts(readFileSync(await download.path()));
  expect(pages).toHaveLength(1);
  expect(pages[0]).toContain('Vandmåler');
  expect(pages[0]).toMatch(CODE);
});
