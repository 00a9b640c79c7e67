import { toDanishDate } from '@maaler/contract';
import { expect } from '@playwright/test';
import { demoUsers } from './support/auth';
import {
  chooseOfflineMeter,
  dispatchBackgroundSync,
  OFFLINE_METER,
  openOfflineReady,
  sendKept,
  storedOfflineReadings,
  offlineTest as test,
  waitingButton,
} from './support/offline-capture';
import { historyButton, historyPoint, historyRow } from './support/reading-history';
import {
  chooseMeter,
  danishToday,
  daysBefore,
  homeFields,
  isReadingPost,
  openHomeAs,
  pickDate,
  READING_POSTS,
} from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

/** The Background Sync tag of the kept readings (public/reading-sync-worker.js). */
const SYNC_TAG = 'maaleraflaesning-readings';

// Readings typed without a connection are kept on the device and sent when it returns (issue 16).
// The network is really cut (context.setOffline). Each test that writes signs in as the reader of a
// tenant of its own (the `reader` fixture), so the tests run in parallel; the 100 readings across
// reloads are offline-capture-many.spec.ts. The service worker is allowed: it is what serves the
// app's code without a connection. API calls pass it untouched, so page.route still sees them.
test.use({ serviceWorkers: 'allow' });

test.describe('offline capture', () => {
  test('SEND without a connection keeps the reading, shows it as waiting, and sends it when the connection returns', async ({
    reader,
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openOfflineReady(page, reader);
    await chooseOfflineMeter(page);
    const date = daysBefore(danishToday().iso, 200);
    await pickDate(page, date);
    await context.setOffline(true);
    await expect(page.getByText('Ingen forbindelse – målinger gemmes på enheden')).toBeVisible();

    const typedFrom = Date.now();
    await sendKept(page, '17,5');
    const typedUntil = Date.now();
    await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');
    await expectSoundScreen(page);
    await page.screenshot({ path: '/tmp/screens/offline-banner.png', fullPage: true });

    // Keyboard only: the count opens the list; Escape closes it and gives the focus back.
    await waitingButton(page).focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Afventer afsendelse' });
    const item = list.getByTestId('waiting-reading');
    await expect(item).toContainText('Varmemåler (fjernaflæst) – Energi');
    await expect(item).toContainText(toDanishDate(date));
    await expect(item).toContainText('17,5 MWh');
    await expect(list.getByRole('button', { name: 'Send nu' })).toBeDisabled();
    await expectSoundScreen(page);
    await page.screenshot({ path: '/tmp/screens/offline-waiting-list.png', fullPage: true });

    // 'Ret' with the keyboard: a new value, checked like the form.
    await item.getByRole('button', { name: 'Ret' }).focus();
    await page.keyboard.press('Enter');
    const input = item.getByLabel('Ny værdi for Energi');
    await expect(input).toBeFocused();
    await input.fill('abc');
    await page.keyboard.press('Enter');
    await expect(item).toContainText('Indtast et tal, fx 1234,5');
    await input.fill('18.5');
    await page.keyboard.press('Enter');
    await expect(item).toContainText('18,5 MWh');
    await expect(item.getByRole('button', { name: 'Ret' })).toBeFocused();

    // The goal: the sync starts within 5 s of the connection returning.
    const posted = page.waitForRequest(isReadingPost, { timeout: 5_000 });
    await context.setOffline(false);
    const request = await posted;
    expect(request.headers()['idempotency-key']).toBeTruthy();
    await expect(page.getByTestId('alert-banner')).toHaveText('1 måling er sendt');
    await expect(list).toContainText('Der er ingen målinger, der venter.');
    await page.keyboard.press('Escape');
    await expect(waitingButton(page)).toHaveCount(0);

    const stored = (await storedOfflineReadings(page)).filter((entry) => entry.DateRecord === date);
    expect(stored.map((entry) => [entry.Value, entry.Source])).toEqual([['18,5', 'offline']]);
    // The time it was typed on the device, not when it reached the server ('Ret' keeps it).
    const enteredAt = Date.parse(stored[0]?.EnteredAt ?? '');
    expect(enteredAt).toBeGreaterThanOrEqual(typedFrom);
    expect(enteredAt).toBeLessThanOrEqual(typedUntil);

    // The history marks it as typed offline, with the time it was typed.
    await chooseOfflineMeter(page);
    await historyButton(page).click();
    const energy = historyPoint(page, 'Energi (MWh)');
    const synced = historyRow(energy, toDanishDate(date));
    await expect(synced).toContainText('Offline');
    await expect(synced).toContainText(/Indtastet \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    await page.keyboard.press('Escape');
  });

  test("a reading the server refuses stays, marked with the server's text, until it is deleted", async ({
    reader,
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    // The worker must control the page before the connection is cut, as in the other tests here:
    // once, run beside them, the SEND answered that the device cannot store instead of keeping it.
    await openOfflineReady(page, reader);
    await page.route(READING_POSTS, (route) =>
      route.fulfill({
        status: 406,
        contentType: 'application/json',
        body: JSON.stringify({
          Success: false,
          validationError: 'Værdi for målepunktet "Energi" er for stor',
        }),
      }),
    );
    await chooseOfflineMeter(page);
    await context.setOffline(true);
    await sendKept(page, '99999');
    await context.setOffline(false);

    // The refusal is said when the sync meets it (ADR 054); the reader closes it to reach the list.
    const banner = page.getByTestId('alert-banner');
    await expect(banner).toContainText(
      `Målingen for ${OFFLINE_METER} blev ikke gemt. Meddelelse: Værdi for målepunktet "Energi" er for stor.`,
    );
    await banner.getByRole('button', { name: 'Luk' }).click();
    await waitingButton(page).click();
    const item = page.getByRole('dialog', { name: 'Afventer afsendelse' }).getByTestId('waiting-reading');
    await expect(item.getByTestId('waiting-reading-failed')).toHaveText(
      'Kunne ikke sendes: Værdi for målepunktet "Energi" er for stor',
    );
    await expectSoundScreen(page);
    await page.screenshot({ path: '/tmp/screens/offline-failed-reading.png', fullPage: true });

    // 'Slet' asks first; 'Annuller' keeps it.
    await item.getByRole('button', { name: 'Slet' }).click();
    await expect(item.getByRole('button', { name: 'Ja, slet' })).toBeFocused();
    await item.getByRole('button', { name: 'Annuller' }).click();
    await expect(item.getByRole('button', { name: 'Slet' })).toBeFocused();
    await item.getByRole('button', { name: 'Slet' }).click();
    await item.getByRole('button', { name: 'Ja, slet' }).click();
    await expect(page.getByText('Der er ingen målinger, der venter.')).toBeVisible();
    await expect(waitingButton(page)).toHaveCount(0);
  });

  test("signing out with readings waiting warns first and keeps them for the same user's next sign-in", async ({
    reader,
    page,
    context,
  }) => {
    // Three sign-ins and a sync: more than the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    await openOfflineReady(page, reader);
    await chooseOfflineMeter(page);
    const date = daysBefore(danishToday().iso, 150);
    await pickDate(page, date);
    await context.setOffline(true);
    await sendKept(page, '18,5');

    const signOut = page.getByRole('button', { name: 'Log ud' });
    await signOut.click();
    const warning = page.getByRole('dialog', { name: 'Log ud' });
    await expect(warning).toContainText('Du har 1 måling, der ikke er sendt');
    await expectSoundScreen(page);
    await warning.getByRole('button', { name: 'Annuller' }).click();
    await expect(warning).toBeHidden();
    await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');

    await signOut.click();
    await warning.getByRole('button', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await context.setOffline(false);

    // Another user never sees nor sends them.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (isReadingPost(request)) posts.push(request.url());
    });
    await openHomeAs(page, demoUsers.customerUser);
    await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible();
    await expect(waitingButton(page)).toHaveCount(0);
    expect(posts).toEqual([]);
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Their owner's next sign-in sends them.
    await openHomeAs(page, reader);
    await expect(page.getByTestId('alert-banner')).toHaveText('1 måling er sendt');
    const stored = (await storedOfflineReadings(page)).filter((entry) => entry.DateRecord === date);
    expect(stored.map((entry) => entry.Value)).toEqual(['18,5']);
  });

  test('without a connection the cascade works for every account opened before, after a reload too', async ({
    page,
    context,
  }) => {
    await openOfflineReady(page, demoUsers.customerUser);
    const fields = homeFields(page);
    // Open the second account once, then go back to the first.
    await fields.account.selectOption({ label: 'Søparken afdeling 2' });
    await expect(fields.location.locator('option')).toHaveText(['Vælg lokation', 'Søparken 20, fyrrum']);
    await fields.account.selectOption({ label: 'Søparken afdeling 1' });
    await expect(fields.location.locator('option').nth(1)).toHaveText('Søparken 12, kælder');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible();
    await fields.account.selectOption({ label: 'Søparken afdeling 2' });
    await expect(fields.location.locator('option')).toHaveText(['Vælg lokation', 'Søparken 20, fyrrum']);
    await chooseMeter(page, 'Søparken 20, fyrrum', 'Varmemåler fjernvarme');
    await expect(fields.value('Energi')).toBeVisible();
    await context.setOffline(false);
  });

  test("Background Sync wakes the app to send a kept reading; the device's storage is asked to persist", async ({
    reader,
    page,
  }) => {
    await page.addInitScript((tag) => {
      const counted = window as unknown as { persistAsked: number; syncAsked: number };
      counted.persistAsked = 0;
      counted.syncAsked = 0;
      const storage = navigator.storage;
      const persist = storage.persist.bind(storage);
      storage.persist = () => {
        counted.persistAsked += 1;
        return persist();
      };
      navigator.serviceWorker.addEventListener('message', (event) => {
        if (event.data?.type === tag) counted.syncAsked += 1;
      });
    }, SYNC_TAG);
    const counter = (name: 'persistAsked' | 'syncAsked') =>
      page.evaluate((key) => (window as unknown as Record<string, number>)[key] ?? 0, name);
    await openOfflineReady(page, reader);
    await chooseOfflineMeter(page);
    const date = daysBefore(danishToday().iso, 125);
    await pickDate(page, date);
    // The SEND gets no answer, as on a connection that drops while the device still counts as online.
    await page.route(READING_POSTS, (route) => route.abort('internetdisconnected'));
    await sendKept(page, '18,5');
    expect(await counter('persistAsked')).toBe(1);
    // Chromium, online, fires the registered sync at once: the worker asks the tab, whose send fails.
    await expect.poll(() => counter('syncAsked')).toBeGreaterThan(0);
    await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');

    await page.unroute(READING_POSTS);
    const asked = await counter('syncAsked');
    await dispatchBackgroundSync(page, SYNC_TAG);
    await expect.poll(() => counter('syncAsked')).toBe(asked + 1);
    await expect(page.getByTestId('alert-banner')).toHaveText('1 måling er sendt');
    await expect(waitingButton(page)).toHaveCount(0);
    const stored = (await storedOfflineReadings(page)).filter((entry) => entry.DateRecord === date);
    // Kept after an online attempt got no answer: sent again exactly as first sent, so as `web` (ADR 017).
    expect(stored.map((entry) => [entry.Value, entry.Source, entry.EnteredAt])).toEqual([
      ['18,5', 'web', null],
    ]);
  });

  test('a device that refuses to store says so in Danish and keeps the typed value in the form', async ({
    reader,
    page,
  }) => {
    // As in a private window whose browser allows no IndexedDB.
    await page.addInitScript(() => {
      indexedDB.open = () => {
        throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
      };
    });
    await openSignedIn(page, reader);
    await chooseOfflineMeter(page);
    await page.route(READING_POSTS, (route) => route.abort('internetdisconnected'));
    const fields = homeFields(page);
    await fields.value('Energi').fill('18,5');
    await fields.send.click();
    // The quick retries of the send come first; on a loaded machine they took more than 10 s.
    await expect(page.getByTestId('alert-banner')).toHaveText(
      'Målingen kunne ikke gemmes på enheden, fordi browseren ikke tillader det (fx privat browsing eller fuld hukommelse). Send den igen, når der er forbindelse.',
      { timeout: 20_000 },
    );
    await expect(fields.value('Energi')).toHaveValue('18,5');
    await expect(waitingButton(page)).toHaveCount(0);
    await expectSoundScreen(page);
  });
});
