import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { navigation } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_FLAGS } from '../../apps/web/e2e/support/chromium-flags.ts';
import { signInTab } from '../../apps/web/e2e/support/signed-in-session.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export type LighthouseFigures = {
  url: string;
  finalUrl: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Milliseconds, except CLS. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
};

export type LighthouseOptions = {
  chromePath: string;
  runs: number;
  log: (line: string) => void;
  /** Keeps every full report (for its diagnostics: LCP element, request chains, unused bytes). */
  reportDir?: string;
  /** The anchor page (bench/lib/react-floor.ts), audited beside /home in every run. */
  floorUrl: string;
};

/** Lighthouse could not record the page load (e.g. `NO_NAVSTART`): a failed attempt, not a figure. */
class RecordingFailed extends Error {}

const RECORDING_ATTEMPTS = 3;

/**
 * One Lighthouse navigation (default mobile preset, simulated throttling) in the browser's tab. A
 * navigation whose trace Lighthouse could not record is tried again on a fresh tab: it measured
 * nothing, and one such hiccup must not end a run of every other benchmark.
 */
async function audit(
  browser: Browser,
  url: string,
  reportFile: string | undefined,
  prepare?: (page: Page) => Promise<void>,
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(browser, url, reportFile, prepare);
    } catch (error) {
      if (!(error instanceof RecordingFailed) || attempt === RECORDING_ATTEMPTS) throw error;
      console.log(`  ${error.message}; again (attempt ${attempt + 1} of ${RECORDING_ATTEMPTS})`);
    }
  }
}

async function auditOnce(
  browser: Browser,
  url: string,
  reportFile: string | undefined,
  prepare?: (page: Page) => Promise<void>,
): Promise<LighthouseFigures> {
  const page = await browser.newPage();
  try {
    await prepare?.(page);
    const result = await navigation(page, url, { flags: { onlyCategories: CATEGORIES, logLevel: 'error' } });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
    if (lhr.runtimeError) throw new RecordingFailed(`Lighthouse: ${lhr.runtimeError.message}`);
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const figures: LighthouseFigures = {
      url,
      finalUrl: lhr.finalDisplayedUrl,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: Math.round(value('first-contentful-paint')),
      lcp: Math.round(value('largest-contentful-paint')),
      tbt: Math.round(value('total-blocking-time')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
      speedIndex: Math.round(value('speed-index')),
    };
    return figures;
  } finally {
    await page.close();
  }
}

/** The run with the median performance score of `runs` runs. */
function median(runs: LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcp - b.lcp);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no Lighthouse run');
  return middle;
}

/** A Node process that keeps one core busy until it is killed: the slower phone of issue 20 §3. */
async function withBusyCore<T>(work: () => Promise<T>): Promise<T> {
  const burner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    burner.kill('SIGKILL');
  }
}

/**
 * Lighthouse on the login screen, and on the home screen signed in: `runs` times each on the machine as
 * it is, then `runs` times /home again while one core is kept busy; after each /home run the anchor
 * page, under the same load. For the home screen the bench
 * signs in through the API, opens a file of the app's origin that is not the app (version.json),
 * writes the session storage the app writes at sign-in into that tab, and then lets Lighthouse load
 * /home in the same tab. Lighthouse's own reset clears the HTTP cache, service workers and cache
 * storage but not session storage, so /home loads cold, as after a sign-in on a new device, with no
 * extra headers and no change to the app.
 */
export async function measureLighthouse(baseUrl: string, options: LighthouseOptions) {
  const browser = await puppeteer.launch({
    executablePath: options.chromePath,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const reportFile = (page: string, run: number) =>
    options.reportDir ? join(options.reportDir, `lighthouse-${page}-${run}.json`) : undefined;
  const auditHome = async (name: string, run: number) => {
    const home = await audit(browser, `${baseUrl}/home`, reportFile(name, run), (page) =>
      signInTab(page, baseUrl, 'tekniker@eksempel.dk'),
    );
    if (!home.finalUrl.endsWith('/home')) throw new Error(`signed-in audit ended on ${home.finalUrl}`);
    options.log(`  Lighthouse /${name} run ${run}: performance ${home.performance}, TBT ${home.tbt} ms`);
    return home;
  };
  const auditFloor = async (name: string, run: number) => {
    const floor = await audit(browser, options.floorUrl, reportFile(name, run));
    options.log(`  Lighthouse ${name} run ${run}: performance ${floor.performance}, TBT ${floor.tbt} ms`);
    return floor;
  };
  try {
    const loginRuns: LighthouseFigures[] = [];
    const homeRuns: LighthouseFigures[] = [];
    const floorRuns: LighthouseFigures[] = [];
    for (let run = 1; run <= options.runs; run++) {
      const login = await audit(browser, `${baseUrl}/login`, reportFile('login', run));
      options.log(`  Lighthouse /login run ${run}: performance ${login.performance}, LCP ${login.lcp} ms`);
      loginRuns.push(login);
      homeRuns.push(await auditHome('home', run));
      floorRuns.push(await auditFloor('react-floor', run));
    }
    const busy = await withBusyCore(async () => {
      const home: LighthouseFigures[] = [];
      const floor: LighthouseFigures[] = [];
      for (let run = 1; run <= options.runs; run++) {
        home.push(await auditHome('home-busy-core', run));
        floor.push(await auditFloor('react-floor-busy-core', run));
      }
      return { home, floor };
    });
    return {
      pages: { login: median(loginRuns), home: median(homeRuns), homeBusyCore: median(busy.home) },
      reactFloor: { quiet: median(floorRuns), busyCore: median(busy.floor) },
    };
  } finally {
    await browser.close();
  }
}
