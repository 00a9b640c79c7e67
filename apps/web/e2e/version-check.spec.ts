import { expect, type Page, test } from '@playwright/test';
import { demoUsers, expectHome, signIn } from './support/auth';

/** The hash of the build the page runs, which the build wrote into index.html. */
function runningBuildHash(page: Page): Promise<string | null> {
  return page.locator('meta[name="build-hash"]').getAttribute('content');
}

function markPage(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as { beforeReload: boolean }).beforeReload = true;
  });
}

function pageWasReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => !('beforeReload' in window));
}

const versionChecked = (page: Page) => page.evaluate(() => window.sessionStorage.getItem('versionChecked'));

test.describe('version check', () => {
  test('reloads the page once the build hash changes, and not again while the old build is all it gets', async ({
    page,
    request,
  }) => {
    const built = (await (await request.get(`/version.json?t=${Date.now()}`)).json()) as { hash: string };
    let hash = built.hash;
    const requested: string[] = [];
    await page.route('**/version.json?*', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ json: { hash, version: '0.1.0' } });
    });
    await page.clock.install();
    await page.goto('/login');
    expect(await runningBuildHash(page)).toBe(built.hash);
    await expect.poll(() => versionChecked(page)).toBe(built.hash);
    expect(requested[0]).toMatch(/version\.json\?t=\d+$/);
    await markPage(page);

    // Same hash: no reload.
    await page.clock.fastForward(60_000);
    await expect.poll(() => requested.length).toBe(2);
    expect(await pageWasReloaded(page)).toBe(false);

    hash = 'build-b';
    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward(60_000);
    await reloaded;
    expect(await pageWasReloaded(page)).toBe(true);
    await expect.poll(() => versionChecked(page)).toBe('build-b');

    // The reloaded page still runs the old build (here: the same files); neither its first check nor
    // a later one reloads it again.
    await expect.poll(() => requested.length).toBe(4);
    await markPage(page);
    await page.clock.fastForward(60_000);
    await expect.poll(() => requested.length).toBe(5);
    expect(await pageWasReloaded(page)).toBe(false);
  });

  test('a new build reloads the page also after the session was reset (sign-out clears the stored hash)', async ({
    page,
    request,
  }) => {
    const built = (await (await request.get(`/version.json?t=${Date.now()}`)).json()) as { hash: string };
    let hash = built.hash;
    await page.route('**/version.json?*', (route) => route.fulfill({ json: { hash, version: '0.1.0' } }));
    await page.clock.install();
    await signIn(page, demoUsers.technician);
    await expectHome(page);
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await versionChecked(page)).toBeNull();
    await markPage(page);

    hash = 'build-b';
    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward(60_000);
    await reloaded;
    expect(await pageWasReloaded(page)).toBe(true);
  });

  test('a failed check is only logged to the console', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/version.json?*', (route) => route.fulfill({ status: 500, body: 'nede' }));
    await page.goto('/login');
    await expect.poll(() => errors.some((text) => text.includes('Version check failed'))).toBe(true);
    await expect(page.getByTestId('alert-banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
  });

  test('the server answers version.json with the build hash and version, never cached', async ({
    request,
  }) => {
    const response = await request.get(`/version.json?t=${Date.now()}`);
    expect(response.ok()).toBe(true);
    expect(response.headers()['cache-control']).toBe('no-store');
    const body = await response.json();
    expect(body).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{20}$/), version: expect.any(String) });
  });
});
