import { expect, type Page, test } from '@playwright/test';
import { signedInSessionStorage, withWrittenMarks } from '../../../../bench/lib/signed-in-session.ts';

/**
 * Opens /home already signed in, for a test that is not about signing in: the demo user signs in
 * through the API and the page gets the session storage the app writes at sign-in (as the benches'
 * signed-in tabs do), written on version.json, a file of the app's origin that is not the app. It
 * saves loading /login and the sign-in's move to /home (docs/performance.md, the test suite).
 */
export async function openHomeSignedIn(page: Page, email: string): Promise<void> {
  const baseUrl = test.info().project.use.baseURL;
  if (!baseUrl) throw new Error('playwright.config.ts sets no baseURL');
  const copies = await signedInSessionStorage(baseUrl, email);
  const version = await page.goto('/version.json');
  if (!version) throw new Error('version.json did not load');
  const { hash } = (await version.json()) as { hash: string };
  await page.evaluate(
    (entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) window.sessionStorage.setItem(key, value);
    },
    withWrittenMarks(copies, hash),
  );
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible();
}
