import { expect, type Page, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { holdChunk } from './support/held-chunk';
import { siteFooter } from './support/site-footer';
import { writeSignedInSession } from './support/stored-session';

// The footer (ADR 038) comes with the screen, not under its loading spinner: there a cold /home's
// arrival pushed it 484 px down the page, a layout shift Lighthouse counted at 0.15.

type LayoutShift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };

declare global {
  interface Window {
    footerShifts: number[];
  }
}

/** Records, from the page's first load on, the layout shifts that moved the footer. */
async function recordFooterShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.footerShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        const footerMoved = entry.sources.some((source) => source.node?.nodeName === 'FOOTER');
        if (footerMoved) window.footerShifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const screens = [
  { path: '/home', chunk: /\/assets\/home-[^/]*\.js$/, heading: 'Indberet måling', signedIn: true },
  { path: '/login', chunk: /\/assets\/login-[^/]*\.js$/, heading: 'Log ind', signedIn: false },
];

for (const screen of screens) {
  test(`${screen.path}: no footer under the loading screen, and none moved when the screen arrives`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    if (screen.signedIn) await writeSignedInSession(page, demoUsers.technician);
    await recordFooterShifts(page);
    const held = await holdChunk(page, screen.chunk);

    await page.goto(screen.path);
    await expect(page.getByRole('status').getByText('Henter...')).toBeAttached();
    await expect(siteFooter(page)).toHaveCount(0);

    held.release();
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await expect(siteFooter(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.footerShifts)).toEqual([]);
  });
}
