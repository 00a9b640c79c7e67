import { expect, test } from '@playwright/test';
import { demoUsers, expectHome, fillLogin } from './support/auth';

// The service worker registers here as in real use (other specs block it).
test.use({ serviceWorkers: 'allow' });

test('the app runs under the strict CSP without violations, errors or warnings in the console', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Some violations (a blocked eval that the code catches) reach only this event, not the console.
  await page.exposeFunction('reportCspViolation', (violation: string) => problems.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(violation: string): void })
        .reportCspViolation;
      report(
        `CSP ${event.violatedDirective}: ${event.blockedURI} from ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  await page.clock.install();

  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
  await fillLogin(page, demoUsers.admin);
  await page.getByRole('button', { name: 'Vælg Boligforeningen Søparken' }).click();
  await expectHome(page);
  // A cold load of the home screen: the page the server sends names its route files as preloads.
  await page.reload();
  await expectHome(page);
  // The 'Log ud' modal, the one part that loads later and animates.
  const expires = await page.evaluate(() => Date.parse(window.sessionStorage.getItem('expires') ?? ''));
  await page.clock.fastForward(expires - (await page.evaluate(() => Date.now())) - 60_000);
  await expect(page.getByRole('dialog', { name: 'Log ud' })).toBeVisible();

  expect(problems).toEqual([]);
});
