import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import exifr from 'exifr';
import { PHOTO_GPS, PHOTO_MAKE, photoWithExif } from './fixtures/exif-photo';
import { openAdminSection } from './support/administration';
import { addOwnTenant, addUser, ownTenantNames } from './support/cli';
import { waitForOfflineReady, waitingButton } from './support/offline-capture';
import { historyButton, historyDialog, historyPoint } from './support/reading-history';
import {
  chooseMeter,
  danishToday,
  daysBefore,
  homeFields,
  pickDate,
  readHistory,
} from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// A reading's photo and note (issue 36), at a phone's width, on the real API: the photo is shrunk and
// stripped of its EXIF on the device, uploaded, named by the readings, kept with them offline across a
// reload and sent once, and shown in the history and in `Til kontrol`.
test.describe.configure({ mode: 'serial' });

const LOCATION = 'Fotovej 1, kælder';
const METER = 'Koldtvandsmåler foto';
const SCREENSHOTS = new URL('../../../docs/screenshots/', import.meta.url).pathname;

type Tenant = {
  reader: { email: string; password: string };
  admin: { email: string; password: string };
  accountId: string;
  gatewayId: number;
  deviceId: number;
};

function addPhotoTenant(): Tenant {
  const names = ownTenantNames('Foto', 'foto');
  const made = addOwnTenant(names, {
    address: { address: 'Fotovej 1', postal: '5000', town: 'Odense C' },
    location: LOCATION,
    meters: [{ name: METER, type: 'water', serial: `FOTO-${names.run}`, points: { Volumen: 'm³' } }],
    user: { name: 'Foto aflæser', role: 0 },
  });
  const admin = { email: `foto-admin-${names.run}@eksempel.dk`, password: 'fotoadmin1234' };
  addUser({ ...admin, name: 'Foto administrator', role: 1, customer: names.customer });
  return {
    reader: { email: names.email, password: names.password },
    admin,
    accountId: made.accountId,
    gatewayId: made.gatewayId,
    deviceId: made.meters[0]?.deviceId ?? 0,
  };
}

const isPhotoPut = (request: Request) => request.method() === 'PUT' && request.url().includes('/api/photos/');

/** Width and height from a JPEG's first start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes.readUInt16BE(at);
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xffc0 && marker <= 0xffc3) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no start of frame');
}

/** The image has really loaded (an object URL the CSP refused would show only its alt text). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

async function takePhoto(page: Page): Promise<void> {
  const photo = await photoWithExif(page);
  // The fixture does carry what must not leave the device.
  const gps = await exifr.gps(photo);
  expect(gps.latitude).toBeCloseTo(PHOTO_GPS.latitude, 2);
  expect((await exifr.parse(photo))?.Make).toBe(PHOTO_MAKE);
  await page
    .getByLabel('Tag foto')
    .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  const thumbnail = page.getByRole('img', { name: 'Fotoet, der sendes med målingen' });
  await expect(thumbnail).toBeVisible({ timeout: 30_000 });
  await expectLoaded(thumbnail);
}

test.describe('photo and note on a reading', () => {
  let tenant: Tenant;
  test.beforeAll(() => {
    test.setTimeout(60_000);
    tenant = addPhotoTenant();
  });

  test('online: the photo is shrunk without EXIF, sent with the note, and opens large from the history', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, tenant.reader);
    await chooseMeter(page, LOCATION, METER);
    const date = daysBefore(danishToday().iso, 10);
    await pickDate(page, date);
    await homeFields(page).value('Volumen').fill('100');

    await takePhoto(page);
    const note = page.getByLabel('Bemærkning');
    await note.fill('Måleren sidder bag hylden');
    await expect(page.getByText('25 af 500 tegn')).toBeVisible();
    await expectSoundScreen(page);
    await page.screenshot({ path: `${SCREENSHOTS}form-photo.png`, fullPage: true, animations: 'disabled' });

    // `Fjern foto` takes it away; a new one comes back.
    await page.getByRole('button', { name: 'Fjern foto' }).click();
    await expect(page.getByRole('img', { name: 'Fotoet, der sendes med målingen' })).toHaveCount(0);
    await takePhoto(page);

    const upload = page.waitForRequest(isPhotoPut);
    await homeFields(page).send.click();
    const sent = (await upload).postDataBuffer();
    if (!sent) throw new Error('the upload had no body');
    expect(sent.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(sent.length).toBeLessThanOrEqual(300 * 1024);
    const { width, height } = jpegSize(sent);
    expect(Math.max(width, height)).toBeLessThanOrEqual(1600);
    // Re-encoded through a canvas: no GPS position, no camera.
    expect(await exifr.gps(sent).catch(() => undefined)).toBeUndefined();
    expect((await exifr.parse(sent).catch(() => undefined))?.Make).toBeUndefined();
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');

    const stored = (await readHistory(page, tenant.accountId, tenant)) as unknown as {
      DateRecord: string;
      PhotoId?: string;
      Note?: string;
    }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ DateRecord: date, Note: 'Måleren sidder bag hylden' });
    expect(stored[0]?.PhotoId).toMatch(/^[0-9a-f-]{36}$/);

    // The history marks the row; the mark opens the photo large with the note, date and who; Escape
    // closes it and the focus goes back to the mark.
    await chooseMeter(page, LOCATION, METER);
    await historyButton(page).click();
    const point = historyPoint(page, 'Volumen (m³)');
    const mark = point.getByRole('button', { name: /^Vis foto og bemærkning for / });
    await expect(mark).toHaveCount(1);
    await mark.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Foto og bemærkning' });
    await expectLoaded(dialog.getByRole('img', { name: /^Foto af måleren .*, taget af Foto aflæser$/ }));
    await expect(dialog).toContainText('Måleren sidder bag hylden');
    await expect(dialog).toContainText('Foto aflæser');
    await expectSoundScreen(page);
    await page.screenshot({ path: `${SCREENSHOTS}history-photo.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(historyDialog(page)).toBeVisible();
    await expect(mark).toBeFocused();
  });

  test('Til kontrol shows the photo of a reading sent anyway beside its value', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, tenant.reader);
    await chooseMeter(page, LOCATION, METER);
    await pickDate(page, daysBefore(danishToday().iso, 5));
    // Lower than the 100 before: a warning, then `Send alligevel`.
    await homeFields(page).value('Volumen').fill('50');
    await takePhoto(page);
    await page.getByLabel('Bemærkning').fill('Tallet er svært at læse');
    await homeFields(page).send.click();
    await page.getByRole('button', { name: 'Send alligevel' }).click();
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');

    const officeContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const office = await officeContext.newPage();
    await openSignedIn(office, tenant.admin);
    await office.getByRole('link', { name: 'Administration' }).click();
    const review = await openAdminSection(office, 'Til kontrol');
    const row = review.getByRole('row').filter({ hasText: METER });
    await expect(row).toHaveCount(1);
    await expectLoaded(row.getByRole('img', { name: new RegExp(`^Foto af ${METER}, Volumen, `) }));
    await expect(row).toContainText('Tallet er svært at læse');
    await expectSoundScreen(office);
    await office.screenshot({
      path: `${SCREENSHOTS}review-photo.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await officeContext.close();
  });

  test('Foto påkrævet: set in Status for perioden, a reader cannot SEND without a photo', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const officeContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const office = await officeContext.newPage();
    await openSignedIn(office, tenant.admin);
    await office.getByRole('link', { name: 'Administration' }).click();
    const required = office.getByRole('checkbox', { name: 'Foto påkrævet' });
    await expect(required).not.toBeChecked();
    await required.check();
    await expect(office.getByText('Indstillingen er gemt')).toBeVisible();
    await office.reload();
    await expect(office.getByRole('checkbox', { name: 'Foto påkrævet' })).toBeChecked();
    await officeContext.close();

    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, tenant.reader);
    await chooseMeter(page, LOCATION, METER);
    await pickDate(page, daysBefore(danishToday().iso, 3));
    await homeFields(page).value('Volumen').fill('101');
    await expect(page.getByText('Foto påkrævet')).toBeVisible();
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('manualregisterdeviceitemdata'))
        posts.push(request);
    });
    // Keyboard only: SEND by Enter refuses in Danish and puts the focus on `Tag foto`.
    await homeFields(page).value('Volumen').press('Enter');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Tag et foto af måleren. Foto er påkrævet på denne konto.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Tag foto')).toBeFocused();
    expect(posts).toHaveLength(0);
    await expectSoundScreen(page);
    await takePhoto(page);
    await homeFields(page).send.click();
    await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
  });
});

test.describe('photo and note without a connection', () => {
  test.use({ serviceWorkers: 'allow' });
  let tenant: Tenant;
  test.beforeAll(() => {
    test.setTimeout(60_000);
    tenant = addPhotoTenant();
  });

  test('kept with the reading across a reload, marked in the waiting list, and sent exactly once', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, tenant.reader);
    await waitForOfflineReady(page);
    await chooseMeter(page, LOCATION, METER);
    const date = daysBefore(danishToday().iso, 20);
    await pickDate(page, date);
    const puts: Request[] = [];
    const posts: Request[] = [];
    context.on('request', (request) => {
      if (isPhotoPut(request)) puts.push(request);
      if (request.method() === 'POST' && request.url().includes('manualregisterdeviceitemdata'))
        posts.push(request);
    });
    await context.setOffline(true);
    await homeFields(page).value('Volumen').fill('77');
    await takePhoto(page);
    await page.getByLabel('Bemærkning').fill('Ingen forbindelse i kælderen');
    await homeFields(page).send.click();
    await expect(page.getByTestId('alert-banner')).toHaveText(
      'Målingen er gemt på enheden og sendes automatisk',
    );
    await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');

    await page.reload();
    await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');
    await waitingButton(page).focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Afventer afsendelse' });
    await expect(list.getByTestId('waiting-photo-mark')).toHaveText(/Med foto/);
    await expect(list).toContainText('Ingen forbindelse i kælderen');
    await expectSoundScreen(page);
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect(waitingButton(page)).toHaveCount(0, { timeout: 30_000 });
    const stored = (await readHistory(page, tenant.accountId, tenant)) as unknown as {
      DateRecord: string;
      PhotoId?: string;
      Note?: string;
      Source: string;
    }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      DateRecord: date,
      Note: 'Ingen forbindelse i kælderen',
      Source: 'offline',
    });
    expect(stored[0]?.PhotoId).toMatch(/^[0-9a-f-]{36}$/);
    // The photo went once and the readings once (the upload is idempotent, so a retry would be harmless).
    expect(posts.filter((request) => request.failure() === null)).toHaveLength(1);
    expect(new Set(puts.map((request) => request.url())).size).toBe(1);
    expect(puts[0]?.url()).toContain(stored[0]?.PhotoId ?? 'missing');
  });

  test('memory stays flat over 50 queued photos: the list holds no photo', async ({ page, context }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, tenant.reader);
    await waitForOfflineReady(page);
    await chooseMeter(page, LOCATION, METER);
    await context.setOffline(true);
    await homeFields(page).value('Volumen').fill('80');
    await takePhoto(page);
    await homeFields(page).send.click();
    await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const openList = async () => {
      await waitingButton(page).click();
      await expect(
        page.getByRole('dialog', { name: 'Afventer afsendelse' }).getByTestId('waiting-photo-mark').first(),
      ).toBeVisible();
    };
    const closeList = async () => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Afventer afsendelse' })).toHaveCount(0);
    };
    await openList();
    const withOne = await heap();
    await closeList();

    // 49 more SENDs, each with its own 300 KB photo, kept as the app keeps them (the queue's own code,
    // loaded from the page, writes the SEND and its photo in one transaction).
    await page.evaluate(async () => {
      const open = indexedDB.open('maaleraflaesning');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const read = db.transaction('sends').objectStore('sends').getAll();
      const [template] = await new Promise<{ id: string; photoId: string; readings: { id: string }[] }[]>(
        (resolve) => {
          read.onsuccess = () => resolve(read.result);
        },
      );
      if (!template) throw new Error('no kept SEND');
      const photo = await new Promise<{ userId: string }>((resolve) => {
        const get = db.transaction('photos').objectStore('photos').get(template.photoId);
        get.onsuccess = () => resolve(get.result);
      });
      for (let n = 0; n < 49; n += 1) {
        const photoId = crypto.randomUUID();
        const bytes = crypto.getRandomValues(new Uint8Array(60_000));
        const blob = new Blob([bytes, bytes, bytes, bytes, bytes], { type: 'image/jpeg' });
        const tx = db.transaction(['sends', 'photos'], 'readwrite');
        tx.objectStore('sends').add({
          ...template,
          id: crypto.randomUUID(),
          idempotencyKey: crypto.randomUUID(),
          photoId,
          enteredAt: Date.now() + n,
          readings: template.readings.map((reading) => ({ ...reading, id: crypto.randomUUID() })),
        });
        tx.objectStore('photos').add({ id: photoId, userId: photo.userId, blob });
        await new Promise((resolve) => {
          tx.oncomplete = resolve;
        });
      }
      db.close();
    });
    await page.reload();
    await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 50');
    await openList();
    await expect(
      page.getByRole('dialog', { name: 'Afventer afsendelse' }).getByTestId('waiting-photo-mark'),
    ).toHaveCount(50);
    const withFifty = await heap();
    await closeList();
    // 49 photos of 300 KB would be 14.7 MB held; the list grows by its rows only.
    expect(withFifty - withOne).toBeLessThan(5 * 1024 * 1024);
    await cdp.detach();
    await context.setOffline(false);
  });
});
