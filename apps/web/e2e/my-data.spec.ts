import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { expectSoundScreen } from './support/screen-checks';
import { siteFooter } from './support/site-footer';
import { openSignedIn } from './support/stored-session';

// Issue 39 (ADR 040): `Mine data`, reached from the footer while signed in. Only reads: the demo data
// stays as it was. The demo history is registered by tekniker@ in every demo account, also in
// Søparken's, which kunde@ reaches: so kunde@'s file must not hold a single one of those readings.

const PHONE = { width: 375, height: 740 };

type MyDataFile = {
  profile: { email: string };
  readings: { id: number; serial: string; value: string; registeredByYou: boolean }[];
};

async function openMyData(page: Page, email: string): Promise<void> {
  await openSignedIn(page, email);
  await siteFooter(page).getByRole('link', { name: 'Mine data' }).click();
  await expect(page).toHaveURL(/\/mine-data$/);
  await expect(page).toHaveTitle('Mine data – Måleraflæsning');
  await expect(page.getByRole('heading', { level: 1, name: 'Mine data' })).toBeFocused();
}

/** Presses the button by keyboard alone (Tab from the heading, then Enter) and reads the downloaded file. */
async function downloadByKeyboard(page: Page, tabs: number): Promise<{ name: string; text: string }> {
  for (let i = 0; i < tabs; i++) await page.keyboard.press('Tab');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path()) ?? '', 'utf8') };
}

test.describe('Mine data', () => {
  test.use({ viewport: PHONE });

  test('a reader downloads their data as JSON and their readings as CSV, by keyboard; axe finds nothing', async ({
    page,
  }) => {
    await openMyData(page, demoUsers.technician);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Hent som JSON' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Hent aflæsninger som CSV' })).toBeVisible();
    await expectSoundScreen(page, 'wcag21');
    await page.screenshot({ path: '/tmp/screens/my-data.png', animations: 'disabled' });

    const json = await downloadByKeyboard(page, 1);
    expect(json.name).toBe('mine-data.json');
    const data = JSON.parse(json.text) as MyDataFile;
    expect(data.profile.email).toBe(demoUsers.technician);
    expect(data.readings.map((reading) => reading.serial)).toContain('HYB-001');
    expect(data.readings.every((reading) => reading.registeredByYou)).toBe(true);
    for (const other of [demoUsers.customerUser, demoUsers.admin, demoUsers.otherCustomer]) {
      expect(json.text).not.toContain(other);
    }

    await page.getByRole('heading', { level: 1, name: 'Mine data' }).focus();
    const csv = await downloadByKeyboard(page, 2);
    expect(csv.name).toBe('mine-data-aflaesninger.csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Konto;Lokation;Måler;Serienummer;Målepunkt;Enhed;Dato;Værdi;Kilde;Indtastet;Registreret af dig;Registreret;Godkendt af dig',
    );
    expect(lines).toHaveLength(data.readings.length + 1);
    expect(lines.some((line) => line.includes(';HYB-001;'))).toBe(true);
  });

  test("a resident's file holds none of the readings others registered in their account", async ({
    page,
  }) => {
    await openMyData(page, demoUsers.customerUser);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Hent som JSON' }).click(),
    ]);
    const text = readFileSync((await download.path()) ?? '', 'utf8');
    const data = JSON.parse(text) as MyDataFile;
    expect(data.profile.email).toBe(demoUsers.customerUser);
    expect(data.readings).toEqual([]);
    expect(text).not.toContain(demoUsers.technician);
  });

  test('signed out, the footer has no Mine data link', async ({ page }) => {
    await page.goto('/login');
    await expect(siteFooter(page).getByRole('link', { name: 'Privatlivspolitik' })).toBeVisible();
    await expect(siteFooter(page).getByRole('link', { name: 'Mine data' })).toHaveCount(0);
  });
});
