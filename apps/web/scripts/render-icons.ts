import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_FLAGS } from '../e2e/support/chromium-flags.ts';

// Renders the app's PNG icons from public/icon.svg with the same Chromium the tests use:
// `node --import tsx apps/web/scripts/render-icons.ts`. The PNGs are committed; run this again
// after changing the SVG.

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = readFileSync(join(publicDir, 'icon.svg'), 'utf8');

/**
 * A maskable icon is cropped to a circle or another shape by the launcher: its background fills the
 * whole square, and the gauge keeps inside the middle 80 % (the safe zone), here at 60 %.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0d6efd"/><g transform="translate(12.8 12.8) scale(0.6)"><circle cx="32" cy="34" r="20" fill="none" stroke="#fff" stroke-width="5"/><path d="M32 34 44 22" stroke="#fff" stroke-width="5" stroke-linecap="round"/><circle cx="32" cy="34" r="4" fill="#fff"/></g></svg>`;

/** Apple's touch icon gets no transparency and no rounded corners of its own (iOS rounds it). */
const opaque = svg.replace('rx="12" ', '');

const icons = [
  { file: 'icon-192.png', size: 192, source: svg },
  { file: 'icon-512.png', size: 512, source: svg },
  { file: 'icon-maskable-512.png', size: 512, source: maskable },
  { file: 'apple-touch-icon.png', size: 180, source: opaque },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  for (const { file, size, source } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: join(publicDir, file), omitBackground: true });
    console.log(`${file}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
