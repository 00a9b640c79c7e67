import { expect, test } from '@playwright/test';
import { addOwnTenant, ownTenantNames, runCli } from './support/cli';
import { tabTo } from './support/keyboard';
import { expectSoundScreen } from './support/screen-checks';

// Issue 35, ADR 039: a resident opens the self-reading link on a phone, without signing in, reads the
// meter by keyboard alone, gets the receipt, and corrects the value through the same link.
test.use({ viewport: { width: 375, height: 740 } });

test('the link opens the meter, takes the reading, confirms it and lets the resident correct it', async ({
  page,
}) => {
  const names = ownTenantNames('Selvaflæsning', 'selv');
  const serial = `SELV-${names.run}`;
  const { meters } = addOwnTenant(names, {
    address: { address: 'Engvej 1', postal: '8000', town: 'Aarhus C' },
    location: 'Engvej 1, kælder',
    meters: [{ name: 'Koldt vand', type: 'water', serial, points: { Volumen: 'm³' } }],
    user: { name: 'Olga Kontor', role: 1 },
  });
  const deviceId = meters[0]?.deviceId ?? 0;
  const printed = runCli('selfreading:link', '--meter', String(deviceId), '--by', names.email);
  const token = /\/aflaesning#([\w-]{43})$/m.exec(printed)?.[1];
  expect(token, printed).toBeDefined();

  await page.goto(`/aflaesning#${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aflæs din måler' })).toBeVisible();
  await expect(page.getByText(names.customer)).toBeVisible();
  await expect(page.getByText(`Serienr. ${serial}`)).toBeVisible();
  await expectSoundScreen(page);
  await page.screenshot({
    path: '/tmp/screens/selfreading-before.png',
    fullPage: true,
    animations: 'disabled',
  });

  const field = page.getByLabel('Volumen (m³)');
  await expect(field).toHaveAttribute('inputmode', 'decimal');
  await tabTo(page, field);
  await page.keyboard.type('123,4');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toContainText('Tak – din aflæsning er modtaget');
  await expect(page.getByText(/^Du kan rette aflæsningen indtil \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  await expectSoundScreen(page);
  await page.screenshot({
    path: '/tmp/screens/selfreading-after.png',
    fullPage: true,
    animations: 'disabled',
  });

  // The same link later: the value as sent, and a correction replaces it.
  await page.reload();
  await expect(field).toHaveValue('123,4');
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('123,9');
  await page.screenshot({
    path: '/tmp/screens/selfreading-correcting.png',
    fullPage: true,
    animations: 'disabled',
  });
  await tabTo(page, page.getByRole('button', { name: 'SEND' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toContainText('Tak – din aflæsning er modtaget');
  await page.reload();
  await expect(field).toHaveValue('123,9');

  // A guessed link shows the refusal, nothing of any meter (a new page load, as a link opens it).
  await page.goto('about:blank');
  await page.goto(`/aflaesning#${'A'.repeat(43)}`);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Linket er ugyldigt eller udløbet');
  await expect(page.getByText(serial)).toHaveCount(0);
  await expectSoundScreen(page);
});
