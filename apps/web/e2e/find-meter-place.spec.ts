import { expect, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { holdChunk } from './support/held-chunk';
import { openSignedIn } from './support/stored-session';

// `Find måler` loads after the home form's first paint (ADR 055). Its place is kept from the start, so
// `Rute` beside it does not narrow when it arrives (a layout shift of 0.004 on a cold /home before; ADR 038).

test('Rute keeps its place and width when Find måler arrives, at 412 px', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const findMeterCode = await holdChunk(page, /\/assets\/find-meter-button-[^/]*\.js$/);
  await openSignedIn(page, demoUsers.technician);
  await findMeterCode.requested;
  const route = page.getByRole('button', { name: 'Rute', exact: true });
  const findMeter = page.getByRole('button', { name: 'Find måler' });
  await expect(route).toBeVisible();
  await expect(findMeter).toHaveCount(0);
  const before = await route.boundingBox();

  findMeterCode.release();
  await expect(findMeter).toBeVisible();
  expect(before).not.toBeNull();
  expect(await route.boundingBox()).toEqual(before);
});
