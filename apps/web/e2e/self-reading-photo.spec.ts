import { expect, type Page, type Request, test } from '@playwright/test';
import exifr from 'exifr';
import { photoWithExif } from './fixtures/exif-photo';
import { addOwnTenant, addUser, ownTenantNames, runCli } from './support/cli';
import { historyButton, historyPoint } from './support/reading-history';
import { chooseMeter } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// Issue 36 on the resident's link (ADR 043 amended 2026-11-28): at a phone's width and by keyboard, the
// resident sends a value with `Tag foto` and `Bemærkning`; the photo leaves the phone shrunk and without
// its EXIF, through the link alone; the office then sees the photo and the note in the meter's history.
test.use({ viewport: { width: 375, height: 740 } });

const LOCATION = 'Lyngvej 3, kælder';
const METER = 'Koldt vand, Lyngvej';
const isLinkPhotoPut = (request: Request) =>
  request.method() === 'PUT' && request.url().includes('/api/selfreading/photo/');

async function tabTo(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  for (let step = 0; step < 20; step++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('not reached by Tab');
}

test('the resident sends a value with a photo and a note; the office sees both in the history', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const names = ownTenantNames('Selvfoto', 'selvfoto');
  const { meters } = addOwnTenant(names, {
    address: { address: 'Lyngvej 3', postal: '8000', town: 'Aarhus C' },
    location: LOCATION,
    meters: [{ name: METER, type: 'water', serial: `SFOTO-${names.run}`, points: { Volumen: 'm³' } }],
    user: { name: 'Selvfoto kontor', role: 1 },
  });
  const printed = runCli(
    'selfreading:link',
    '--meter',
    String(meters[0]?.deviceId ?? 0),
    '--by',
    names.email,
  );
  const token = /\/aflaesning#([\w-]{43})$/m.exec(printed)?.[1];
  expect(token, printed).toBeDefined();

  await page.goto(`/aflaesning#${token}`);
  const field = page.getByLabel('Volumen (m³)');
  await tabTo(page, field);
  await page.keyboard.type('321,5');

  // `Tag foto` is reached by Tab (the label's input); the file comes from the camera or the files.
  const take = page.getByLabel('Tag foto');
  await tabTo(page, take);
  await take.setInputFiles({
    name: 'IMG_0002.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoWithExif(page),
  });
  await expect(page.getByRole('img', { name: 'Fotoet, der sendes med målingen' })).toBeVisible({
    timeout: 30_000,
  });
  const note = page.getByLabel('Bemærkning');
  await tabTo(page, note);
  await page.keyboard.type('Måleren sidder bag vaskemaskinen');
  await expectSoundScreen(page);
  await page.screenshot({
    path: '/tmp/screens/selfreading-photo.png',
    fullPage: true,
    animations: 'disabled',
  });

  const upload = page.waitForRequest(isLinkPhotoPut);
  await tabTo(page, page.getByRole('button', { name: 'SEND' }));
  await page.keyboard.press('Enter');
  const sent = (await upload).postDataBuffer();
  if (!sent) throw new Error('the upload had no body');
  expect(sent.subarray(0, 2).toString('hex')).toBe('ffd8');
  expect(sent.length).toBeLessThanOrEqual(300 * 1024);
  expect(await exifr.gps(sent).catch(() => undefined)).toBeUndefined();
  expect((await exifr.parse(sent).catch(() => undefined))?.Make).toBeUndefined();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Tak – din aflæsning er modtaget');
  // The next SEND starts without them.
  await expect(page.getByRole('img', { name: 'Fotoet, der sendes med målingen' })).toHaveCount(0);
  await expect(note).toHaveValue('');
  await expectSoundScreen(page);

  // The office: the history marks the resident's row; the mark opens the photo with the note.
  const admin = { email: `selvfoto-admin-${names.run}@eksempel.dk`, password: 'selvfotoadmin1234' };
  addUser({ ...admin, name: 'Selvfoto administrator', role: 1, customer: names.customer });
  const officeContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const office = await officeContext.newPage();
  await openSignedIn(office, admin);
  await chooseMeter(office, LOCATION, METER);
  await historyButton(office).click();
  const mark = historyPoint(office, 'Volumen (m³)').getByRole('button', {
    name: /^Vis foto og bemærkning for /,
  });
  await expect(mark).toHaveCount(1);
  await mark.focus();
  await office.keyboard.press('Enter');
  const dialog = office.getByRole('dialog', { name: 'Foto og bemærkning' });
  const image = dialog.getByRole('img', { name: /^Foto af måleren / });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  await expect(dialog).toContainText('Måleren sidder bag vaskemaskinen');
  await expectSoundScreen(office);
  await officeContext.close();
});
