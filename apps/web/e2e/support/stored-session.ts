import { expect, type Page, test } from '@playwright/test';
import { signInTab } from './signed-in-session.ts';

/** A user a test signs in: a demo user by e-mail, or a tenant's user with its own password. */
export type SignedInUser = string | { email: string; password: string };

/**
 * Opens `path` (home unless told) already signed in, for a test that is not about signing in: the user
 * signs in through the API and the page gets the session storage the app writes at sign-in (as the
 * benches' signed-in tabs do), written on version.json, a file of the app's origin that is not the app.
 * It saves loading /login and the sign-in's move to the next screen, about a CPU-second a test
 * (docs/performance.md, the test suite). Waits for the screen's h1, `heading`.
 *
 * What it does not do as the sign-in screen does: keep the offline sign-in or the remembered e-mail on
 * the device, or move the focus to the heading (a first load keeps the browser's focus). Only for users
 * the app takes straight to home (one customer, or a meter reader); stored-session.spec.ts shows that
 * it writes what the app writes.
 */
export async function openSignedIn(
  page: Page,
  user: SignedInUser,
  { path = '/home', heading = 'Indberet måling' }: { path?: string; heading?: string } = {},
): Promise<void> {
  await writeSignedInSession(page, user);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Writes the session storage of `user`'s sign-in into `page` (as openSignedIn does), for a test that opens the page itself. */
export async function writeSignedInSession(page: Page, user: SignedInUser): Promise<void> {
  const baseUrl = test.info().project.use.baseURL;
  if (!baseUrl) throw new Error('playwright.config.ts sets no baseURL');
  const { email, password } = typeof user === 'string' ? { email: user, password: undefined } : user;
  await signInTab(page, baseUrl, email, password);
}
