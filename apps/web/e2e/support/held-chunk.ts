import type { Page } from '@playwright/test';

/**
 * Holds the app's chunks that match `chunk` until `release` is called, so a test can see the page
 * without them and then let them arrive. `requested` settles when the first is asked for.
 */
export async function holdChunk(
  page: Page,
  chunk: RegExp,
): Promise<{ requested: Promise<unknown>; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  return { requested: page.waitForRequest(chunk), release };
}
