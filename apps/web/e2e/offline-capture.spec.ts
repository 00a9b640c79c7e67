import { expect, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import {
  chooseOfflineMeter,
  sendKept,
  storedOfflineReadings,
  waitForOfflineReady,
  waitingButton,
} from './support/offline-capture';
import {
  danishToday,
  daysBefore,
  homeFields,
  isReadingPost,
  openHomeAs,
  pickDate,
} from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';

// Readings typed without a connection are kept on the device and sent when it returns (issue 16).
// The network is really cut (context.setOffline). The tests share one meter, so they run in order.
// The service worker is allowed: it is what serves the app's code without a connection. API calls
// pass it untouched, so page.route still sees them.
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

test.describe('offline capture', () => {
  test('SEND without a connection keeps the reading, shows it as waiting, and sends it when the connection returns', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openHomeAs(page, demoUsers.technician);
    await waitForOfflineReady(page);
    await chooseOfflineMeter(page);
    await context.setOffline(true);
    await expect(page.getByText('Ingen forbindelse – målinger gemmes på enheden')).toBeVisible();

    await sendKept(page, '17,5');
    await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');
    await expectSoundScreen(page);
    await page.screenshot({ path: '/tmp/screens/offline-banner.png', fullPage: true });

    // Keyboard only: the count opens the list; Escape closes it and gives the focus back.
    await waitingButton(page).focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Afventer afsendelse' });
    const item = list.getByTestId('waiting-reading');
    await expect(item).toContainText('Varmemåler (fjernaflæst) – Energi');
    await expect(item).toContainText(danishToday().danish);
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

    const posted = page.waitForRequest(isReadingPost);
    await context.setOffline(false);
    const request = await posted;
    expect(request.headers()['idempotency-key']).toBeTruthy();
    await expect(page.getByTestId('alert-banner')).toHaveText('1 måling er sendt');
    await expect(list).toContainText('Der er ingen målinger, der venter.');
    await page.keyboard.press('Escape');
    await expect(waitingButton(page)).toHaveCount(0);

    const stored = (await storedOfflineReadings(page)).filter(
      (entry) => entry.DateRecord === danishToday().iso,
    );
    expect(stored.map((entry) => entry.Value)).toEqual(['18,5']);
  });

  test("a reading the server refuses stays, marked with the server's text, until it is deleted", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openHomeAs(page, demoUsers.technician);
    await page.route('**/api/gateway/manualregisterdeviceitemdata/**', (route) =>
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
});
