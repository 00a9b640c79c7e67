import { readFileSync } from 'node:fs';
import type { RoutePreloads } from '@maaler/contract';
import { expect, type Page, test } from '@playwright/test';
import { demoUsers, signIn } from './support/auth';

const built = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8');
const preloads = JSON.parse(
  readFileSync(new URL('../dist/route-preloads.json', import.meta.url), 'utf8'),
) as RoutePreloads;

const ASSET = /\/assets\/[^"?#]+\.(?:js|css)/g;
const assetsIn = (html: string) => new Set(html.match(ASSET) ?? []);

/** Scripts and stylesheets the built index.html loads on every page. */
const entryAssets = assetsIn(built);
/**
 * Imports after the first render: the service worker's registration (main.tsx, once the page is idle,
 * on every page) and, on the home screen, the device queue and its sync (the sync's run, with the skips'
 * client, loads when the sync first runs after mount, ADR 054), and the device database that
 * keeps a copy of each server answer once it has come (ADR 013), and the chosen meter's actions (with
 * the meter change button they share with Administration), the find-meter button (with the contract's
 * meter look-up), the meter's notes (with their texts) and the history button, which the form loads once it has painted (not the history
 * dialog itself); on every signed-in page, the listener that deletes the offline sign-in entry when the session ends (ADR 034).
 */
const IDLE_IMPORTS =
  /\/(virtual_pwa-register|workbox-window|device-queue|sync-kept|skip-reading-api|device-database|device-copies|forget-offline-sign-in-on-reset|load-offline-sign-in|meter-actions|meter-notes|field-notes-messages|meter-change-button|find-meter-button|meter-lookup|reading-history(?!-dialog))[-.]/;

/**
 * Reloads the page with the HTTP cache off and returns every /assets/ file it fetched; with
 * `withoutPreloads`, the server's page is swapped for the plain built index.html first, so what is
 * fetched is what the app itself asks for.
 */
async function assetsOfColdLoad(page: Page, heading: string, withoutPreloads: boolean): Promise<Set<string>> {
  const fetched = new Set<string>();
  // Routing turns Chromium's HTTP cache off for the page, so every file is requested again.
  await page.route('**/*', async (route) => {
    if (withoutPreloads && route.request().resourceType() === 'document') {
      await route.fulfill({ body: built, contentType: 'text/html; charset=utf-8' });
    } else {
      await route.continue();
    }
  });
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/.+\.(js|css)$/.test(path)) fetched.add(path);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });
  return fetched;
}

test.describe('route preloads', () => {
  for (const path of Object.keys(preloads)) {
    test(`${path} names its route chunks as preloads in the page the server sends`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const route = preloads[path];
      expect(route?.scripts.length).toBeGreaterThan(0);
      for (const script of route?.scripts ?? []) {
        expect(html).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${script}">`);
      }
      for (const style of route?.styles ?? [])
        expect(html).toContain(`<link rel="preload" as="style" crossorigin href="${style}">`);
    });
  }

  const pages: {
    path: string;
    heading: string;
    open: (page: Page) => Promise<unknown>;
    afterRender?: RegExp;
  }[] = [
    { path: '/login', heading: 'Log ind', open: (page: Page) => page.goto('/login') },
    {
      path: '/login/accountselect',
      heading: 'Vælg kunde',
      open: (page: Page) => signIn(page, demoUsers.admin),
    },
    {
      path: '/home',
      heading: 'Indberet måling',
      open: (page: Page) => signIn(page, demoUsers.technician),
      // zod with the answers' schemas loads with the first answer, after the first render (ADR 055).
      afterRender: /\/schemas-/,
    },
    {
      path: '/ny-adgangskode',
      heading: 'Vælg ny adgangskode',
      open: (page: Page) => page.goto('/ny-adgangskode'),
    },
  ];
  for (const { path, heading, open, afterRender } of pages) {
    const late = (file: string) => IDLE_IMPORTS.test(file) || afterRender?.test(file) === true;
    test(`a cold load of ${path} fetches exactly the entry and the preloaded route files`, async ({
      page,
    }) => {
      await open(page);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

      const appAsksFor = await assetsOfColdLoad(page, heading, true);
      const routeFiles = [...appAsksFor].filter((file) => !entryAssets.has(file) && !late(file)).sort();
      const route = preloads[path];
      expect(routeFiles).toEqual([...(route?.scripts ?? []), ...(route?.styles ?? [])].sort());

      const withPreloads = await assetsOfColdLoad(page, heading, false);
      const loaded = (files: Set<string>) => [...files].filter((file) => !late(file)).sort();
      expect(loaded(withPreloads)).toEqual(loaded(appAsksFor));
    });
  }
});
