import { expect, type Page, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { holdChunk } from './support/held-chunk';
import { chooseMeter, homeFields } from './support/reading-report';
import { openSignedIn } from './support/stored-session';

// Issue 40: the photo part ('Foto og bemærkning') loads after a meter is chosen. Its place is kept
// from the start, so SEND does not move down under a reader's finger when it arrives.

const sendTop = async (page: Page) => (await homeFields(page).send.boundingBox())?.y;

test('SEND stays where it is when the photo part arrives, at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await openSignedIn(page, demoUsers.technician);
  const photoPart = await holdChunk(page, /\/assets\/photo-note-(part|fields)-[^/]*\.js$/);

  await chooseMeter(page, 'Nørrevang 4, kælder', 'Elmåler hovedtavle');
  await photoPart.requested;
  // What else comes with the meter has settled: its history button and its notes (the location's
  // `Vis på kort`), each from a chunk of its own that may arrive in either order.
  await expect(page.getByRole('button', { name: /^Historik/ })).toBeVisible();
  await expect(page.getByTestId('meter-notes').getByRole('link', { name: /Vis på kort/ })).toBeVisible();
  const group = page.getByRole('group', { name: 'Foto og bemærkning' });
  await expect(group).toHaveCount(0);
  const before = await sendTop(page);

  photoPart.release();
  await expect(group).toBeVisible();
  expect(before).toBeDefined();
  expect(await sendTop(page)).toBe(before);
});
