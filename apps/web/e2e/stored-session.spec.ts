import { expect, type Page, test } from '@playwright/test';
import { demoUsers, expectHome, signIn } from './support/auth';
import { homeFields } from './support/reading-report';
import { openSignedIn } from './support/stored-session';

/** What differs between two sign-ins of one user however they are made: the token, its end, the time. */
const PER_SIGN_IN = new Set(['token', 'expires', 'lastaction']);

/** The page's session storage once home has loaded what it loads when it opens, without PER_SIGN_IN. */
async function settledSession(page: Page): Promise<Record<string, string>> {
  await expect(homeFields(page).location).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const entries = await page.evaluate(() => Object.entries(window.sessionStorage));
  return Object.fromEntries(entries.filter(([key]) => !PER_SIGN_IN.has(key)).sort());
}

// The browser tests that are not about signing in open their screen signed in from a stored session
// (support/stored-session.ts): it must leave the app where signing in on the screen does.
test('a stored session holds what the sign-in screen writes, key by key, for a meter reader and a customer user', async ({
  browser,
}) => {
  for (const email of [demoUsers.technician, demoUsers.customerUser]) {
    const signedIn = await browser.newPage();
    await signIn(signedIn, email);
    await expectHome(signedIn);
    const stored = await browser.newPage();
    await openSignedIn(stored, email);

    const written = await settledSession(signedIn);
    expect(Object.keys(written)).toContain('gatewaylist');
    expect(await settledSession(stored)).toEqual(written);
    await Promise.all([signedIn.context().close(), stored.context().close()]);
  }
});
