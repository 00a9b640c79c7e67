import { expect } from '@playwright/test';
import { cameraTracks, cameraTest as test } from './support/fake-camera';
import { expectHybenvej10Chosen, openFindMeter } from './support/find-meter';
import { expectSoundScreen } from './support/screen-checks';

// 'Scan stregkode' in 'Find måler' (issue 17), with Chromium's fake camera showing a label with a QR
// code of HYB-010. Chromium on Linux has no BarcodeDetector, so the app reads it with @zxing/browser.
// find-meter-camera.spec.ts shows the camera itself (a blank label, so nothing is read).
test.use({ cameraQrText: 'HYB-010' });

test.describe('Find måler by the camera', () => {
  test('Scan stregkode reads the QR code, finds the meter and turns the camera off', async ({
    cameraPage: page,
    context,
  }) => {
    await context.grantPermissions(['camera']);
    const dialog = await openFindMeter(page);
    // The camera is asked for only on the press.
    expect(await cameraTracks(page)).toEqual({ opened: 0, live: 0 });

    await dialog.getByRole('button', { name: 'Scan stregkode' }).click();
    await expect(dialog).toBeHidden();
    await expectHybenvej10Chosen(page);
    expect(await cameraTracks(page)).toEqual({ opened: 1, live: 0 });
  });

  test('a refused camera says so in Danish, and the serial number can still be typed', async ({
    cameraPage: page,
  }) => {
    const dialog = await openFindMeter(page);
    await dialog.getByRole('button', { name: 'Scan stregkode' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Appen fik ikke lov at bruge kameraet. Skriv serienummeret i stedet.',
    );
    await expect(dialog.getByLabel('Kamerabillede')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Scan stregkode' })).toBeVisible();
    await expectSoundScreen(page);

    await dialog.getByLabel('Serienummer').fill('hyb-010');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectHybenvej10Chosen(page);
  });
});
