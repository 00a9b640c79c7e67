import { expect, type Page, test } from '@playwright/test';
import { signInTab } from '../../../../bench/lib/signed-in-session.ts';

/**
 * Opens /home already signed in, for a test that is not about signing in: the demo user signs in
 * through the API and the page gets the session storage the app writes at sign-in (as the benches'
 * signed-in tabs do), written on version.json, a file of the app's origin that is not the app. It
 * saves loading /login and the sign-in's move to /home (docs/performance.md, the test suite).
 */
export async function openHomeSignedIn(page: Page, email: string): Promise<void> {
  const baseUrl = test.info().project.use.baseURL;
  if (!baseUrl) throw new Error('playwright.config.ts sets no baseURL');
  await signInTab(page, baseUrl, email);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible();
}
