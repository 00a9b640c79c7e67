import { resolve } from 'node:path';
import {
  FIRST_LOAD_ROUTES,
  kB,
  type MeasuredRoute,
  measureFirstLoad,
  type Totals,
} from './lib/first-load.ts';

/**
 * `node --import tsx bench/bundle-size.ts [--budget] [dist]`: the first-load JS and CSS of the built
 * app (apps/web/dist by default), raw, gzip and brotli. With --budget it fails when the login
 * screen's first-load JS is over 110 kB gzipped: a size, not a timing, so scripts/test.sh runs it.
 */
const BUDGET_GZIP_KB = 110;
/** The screen every new visit starts on. */
const BUDGET_ROUTE: MeasuredRoute = '/login';

const args = process.argv.slice(2);
const load = measureFirstLoad(resolve(args.find((arg) => !arg.startsWith('--')) ?? 'apps/web/dist'));

const row = (name: string, totals: Totals) =>
  console.log(
    `  ${name.padEnd(10)} ${String(kB(totals.bytes)).padStart(7)} kB   gzip ${String(kB(totals.gzip)).padStart(6)} kB   brotli ${String(kB(totals.brotli)).padStart(6)} kB`,
  );
console.log('First load (index.html script, modulepreloads and stylesheets, plus the route chunks):');
row('shell JS', load.shell.js);
row('shell CSS', load.shell.css);
for (const route of Object.keys(FIRST_LOAD_ROUTES) as MeasuredRoute[]) {
  row(`${route} JS`, load.routes[route].js);
  row(`${route} CSS`, load.routes[route].css);
}

if (args.includes('--budget')) {
  const gzip = kB(load.routes[BUDGET_ROUTE].js.gzip);
  const verdict = `First-load JS of ${BUDGET_ROUTE}: ${gzip} kB gzipped; budget ${BUDGET_GZIP_KB} kB.`;
  if (gzip > BUDGET_GZIP_KB) {
    console.error(`${verdict} Over budget.`);
    process.exit(1);
  }
  console.log(verdict);
}
