import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROUTE_PRELOADS_FILE, RoutePreloads } from '@maaler/contract';

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Written by the web build (apps/web/build/route-preloads-plugin.ts). */
async function readRoutePreloads(webDist: string): Promise<RoutePreloads> {
  try {
    return RoutePreloads.parse(JSON.parse(await readFile(join(webDist, ROUTE_PRELOADS_FILE), 'utf8')));
  } catch {
    // A build without the file (or with a broken one) still works: the router loads the chunks itself.
    return {};
  }
}

/**
 * The app's index.html for a page, naming the page's lazy route chunks as preloads, so the browser
 * fetches them alongside the entry instead of a round trip later. Low priority: they must not hold
 * up the stylesheet and the entry, which the first paint needs. Read from disk on each page load,
 * like a static file, so a new build is served at once.
 */
export async function indexPageFor(webDist: string, pathname: string): Promise<string> {
  const [html, preloads] = await Promise.all([
    readFile(join(webDist, 'index.html'), 'utf8'),
    readRoutePreloads(webDist),
  ]);
  const route = preloads[pathname];
  if (!route) return html;
  const links = [
    ...route.scripts.map(
      (href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeAttribute(href)}">`,
    ),
    ...route.styles.map(
      (href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ];
  return html.replace('</head>', `${links.join('')}</head>`);
}
