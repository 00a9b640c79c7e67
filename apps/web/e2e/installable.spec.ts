import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';

// Chromium never offers to install from an incognito profile, which is what Playwright's contexts are;
// a persistent profile is what a phone or desktop browser has.
test('Chromium finds the app installable: manifest with Danish names, icon and service worker', async ({
  baseURL,
}, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'maaler-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate(async () => navigator.serviceWorker.ready);

    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(manifestUrl ?? '')).json();
    expect(manifest).toMatchObject({
      name: 'Måleraflæsning',
      short_name: 'Måleraflæsning',
      description: 'Indberet aflæsninger af målere, også uden forbindelse.',
      lang: 'da',
      display: 'standalone',
    });

    // PNG icons of 192 and 512 px, one of them maskable, and Apple's touch icon: the sizes they claim.
    const pngSize = async (url: string) => {
      const png = await (await page.request.get(url)).body();
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
    };
    const pngIcons = (
      manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]
    ).filter((icon) => icon.type === 'image/png');
    expect(pngIcons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngIcons) expect(await pngSize(icon.src)).toBe(icon.sizes);
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(await pngSize(touchIcon ?? '')).toBe('180x180');

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
