import { expect } from '@playwright/test';
import { cameraTracks, cameraTest as test } from './support/fake-camera';
import { openFindMeter } from './support/find-meter';
import { expectSoundScreen } from './support/screen-checks';

// The camera view of 'Find måler' (issue 17), with Chromium's fake camera showing a blank label, so
// the view stays open for as long as a test needs it. find-meter-scan.spec.ts reads a code.
test.use({ cameraQrText: null });

test('the camera shows until Stop scanning or the dialog closes, keyboard only', async ({
  cameraPage: page,
  context,
}) => {
  await context.grantPermissions(['camera']);
  const dialog = await openFindMeter(page);
  await page.keyboard.press('Tab');
  const scan = dialog.getByRole('button', { name: 'Scan stregkode' });
  await expect(scan).toBeFocused();
  await page.keyboard.press('Enter');

  const video = dialog.getByLabel('Kamerabillede');
  await expect(video).toBeVisible();
  await expect(video).toHaveAccessibleDescription(
    'Hold stregkoden eller QR-koden på målerens mærkat foran kameraet.',
  );
  // Showing the fake camera's frames, not just an empty video element.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBe(640);
  const stop = dialog.getByRole('button', { name: 'Stop scanning' });
  await expect(stop).toBeFocused();
  expect(await cameraTracks(page)).toEqual({ opened: 1, live: 1 });
  await expectSoundScreen(page);
  await page.screenshot({ path: '/tmp/screens/find-meter-scanning.png', fullPage: true });

  await page.keyboard.press('Enter');
  await expect(video).toHaveCount(0);
  await expect(scan).toBeFocused();
  expect(await cameraTracks(page)).toEqual({ opened: 1, live: 0 });

  await page.keyboard.press('Enter');
  await expect(video).toBeVisible();
  await expect.poll(() => cameraTracks(page)).toEqual({ opened: 2, live: 1 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await cameraTracks(page)).toEqual({ opened: 2, live: 0 });
});
