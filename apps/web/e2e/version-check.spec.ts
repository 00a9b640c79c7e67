import { expect, test } from '@playwright/test';

test.describe('version check', () => {
  test('reloads the page once the build hash changes', async ({ page }) => {
    let hash = 'build-a';
    const requested: string[] = [];
    await page.route('**/version.json?*', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ json: { hash, version: '0.1.0' } });
    });
    await page.clock.install();
    await page.goto('/login');
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('versionChecked')))
      .toBe('build-a');
    expect(requested[0]).toMatch(/version\.json\?t=\d+$/);
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });

    // Same hash: no reload.
    await page.clock.fastForward(60_000);
    await expect.poll(() => requested.length).toBe(2);
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(true);

    hash = 'build-b';
    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward(60_000);
    await reloaded;
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('versionChecked')))
      .toBe('build-b');
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
