import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Written by the web build (apps/web/build/route-preloads-plugin.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

type RoutePreloads = Record<string, { scripts: string[]; styles: string[] }>;

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

async function readRoutePreloads(webDist: string): Promise<RoutePreloads> {
  try {
    return JSON.parse(await readFile(join(webDist, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
  } catch {
    // A build without the file still works: the router then loads the page's chunks itself.
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
