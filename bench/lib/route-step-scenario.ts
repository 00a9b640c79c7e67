import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_FLAGS } from '../../apps/web/e2e/support/chromium-flags.ts';
import { signInTab } from '../../apps/web/e2e/support/signed-in-session.ts';
import { startApiUnderTest } from './api-under-test.ts';

/** One walk's steps (ms from Enter to the next meter's value field ready) and their percentiles. */
export type RouteStepFigures = { steps: number[]; p50: number; p75: number; p95: number };
export type RouteStepResults = {
  throttle: number;
  meters: number;
  online: RouteStepFigures;
  offline: RouteStepFigures;
};

/**
 * The step a reader repeats fifty times a round (issue 40, goal 2). Route mode on the demo's Hybenvej
 * (tekniker@, 375 px), the CPU throttled as a slow phone; for each meter a value inside its expected
 * range is typed and Enter pressed, and the time from that key press to the next meter's value field
 * focused, empty and enabled is taken in the page itself. Twice, each on a fresh server: online, and
 * offline with as many readings already waiting on the device as are then measured.
 */
export async function measureRouteStep(
  dist: string,
  options: { meters: number; throttle: number; log: (line: string) => void; breakdown?: boolean },
): Promise<RouteStepResults> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const figures = async (offline: boolean): Promise<RouteStepFigures> => {
      const breakdownLog = options.breakdown ? options.log : undefined;
      const steps = (
        await walkRoute(browser, dist, offline, options.meters, options.throttle, breakdownLog)
      ).map(Math.round);
      const result = {
        steps,
        p50: percentile(steps, 0.5),
        p75: percentile(steps, 0.75),
        p95: percentile(steps, 0.95),
      };
      options.log(
        `  ${offline ? `offline, ${options.meters}–${2 * options.meters} waiting` : 'online'}: ` +
          `p50 ${result.p50} ms, p75 ${result.p75} ms, p95 ${result.p95} ms (steps: ${steps.join(', ')})`,
      );
      return result;
    };
    const online = await figures(false);
    const offline = await figures(true);
    return { throttle: options.throttle, meters: options.meters, online, offline };
  } finally {
    await browser.close();
  }
}

declare global {
  interface Window {
    sendPressedAt?: number;
    nextReadyAt?: number;
    longTasks?: { start: number; duration: number }[];
  }
}

/** Where one step's time went: the requests in it and the main thread's long tasks (over 50 ms). */
type StepBreakdown = { requests: string[]; longTasksMs: number };

/** What the page did between Enter and the next field ready, in ms from Enter (`--breakdown`). */
const stepBreakdown = (page: Page): Promise<StepBreakdown> =>
  page.evaluate(() => {
    const from = window.sendPressedAt ?? 0;
    const to = window.nextReadyAt ?? 0;
    const requests = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= from && entry.startTime <= to)
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        const path = new URL(timing.name).pathname.split('/').slice(0, 4).join('/');
        return `${path} ${Math.round(timing.startTime - from)}→${Math.round(timing.responseEnd - from)}`;
      });
    const longTasksMs = (window.longTasks ?? [])
      .filter((task) => task.start >= from && task.start <= to)
      .reduce((sum, task) => sum + task.duration, 0);
    return { requests, longTasksMs: Math.round(longTasksMs) };
  });

const percentile = (numbers: number[], p: number) =>
  [...numbers].sort((a, b) => a - b)[Math.min(numbers.length - 1, Math.floor(numbers.length * p))] ?? 0;

/** The meter chosen in the form, by its label's text. */
const chosenMeter = (page: Page) =>
  page.evaluate(() => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Vælg måler');
    const select = label?.control;
    return select instanceof HTMLSelectElement ? (select.selectedOptions[0]?.text ?? '') : '';
  });

/** A value in the middle of the range the app shows under the focused field (`Forventet: min – max`), comma form. */
const expectedMiddle = (page: Page) =>
  page.evaluate(() => {
    const input = document.activeElement;
    if (!(input instanceof HTMLInputElement)) throw new Error('no value field has the focus');
    const note = document.getElementById(`${input.id}-note`)?.textContent ?? '';
    const match = /^Forventet: ([\d.,]+) – ([\d.,]+)$/.exec(note);
    if (!match) throw new Error(`no expected range under the field: "${note}"`);
    // No helper function in here: tsx would wrap it in a name-keeping call the page does not have.
    const [low, high] = [match[1] ?? '', match[2] ?? ''].map((danish) =>
      Number(danish.replaceAll('.', '').replace(',', '.')),
    );
    const middle = ((low ?? 0) + (high ?? 0)) / 2;
    return String(Math.round(middle * 10) / 10).replace('.', ',');
  });

/**
 * Reads `count` meters along the route; answers each step's milliseconds, from Enter to the next field
 * ready. `log`: each step's breakdown too.
 */
async function walk(page: Page, count: number, log?: (line: string) => void): Promise<number[]> {
  const steps: number[] = [];
  for (let n = 0; n < count; n++) {
    const before = await chosenMeter(page);
    await page.keyboard.type(await expectedMiddle(page));
    await page.evaluate(() => {
      window.sendPressedAt = undefined;
      window.nextReadyAt = undefined;
      document.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Enter') window.sendPressedAt = performance.now();
        },
        { capture: true, once: true },
      );
    });
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (previous: string) => {
        const label = [...document.querySelectorAll('label')].find(
          (l) => l.textContent?.trim() === 'Vælg måler',
        );
        const select = label?.control;
        const field = document.activeElement;
        const ready =
          select instanceof HTMLSelectElement &&
          select.selectedOptions[0]?.text !== previous &&
          field instanceof HTMLInputElement &&
          field.type !== 'date' &&
          field.value === '' &&
          !field.disabled;
        if (ready) window.nextReadyAt = performance.now();
        return ready;
      },
      { polling: 'raf', timeout: 60_000 },
      before,
    );
    const step = await page.evaluate(() => (window.nextReadyAt ?? 0) - (window.sendPressedAt ?? 0));
    steps.push(step);
    if (log) {
      const { requests, longTasksMs } = await stepBreakdown(page);
      log(
        `    step ${n + 1}: ${Math.round(step)} ms; long tasks ${longTasksMs} ms; ${requests.join(', ') || 'no requests'}`,
      );
    }
  }
  return steps;
}

/** Signs tekniker@ in on a fresh server, opens the route at its first meter, and walks it. */
async function walkRoute(
  browser: Browser,
  dist: string,
  offline: boolean,
  meters: number,
  throttle: number,
  log: ((line: string) => void) | undefined,
): Promise<number[]> {
  const api = await startApiUnderTest('sqlite', { env: { WEB_DIST: dist } });
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 375, height: 800 });
    const baseUrl = api.server.baseUrl;
    await signInTab(page, baseUrl, 'tekniker@eksempel.dk');
    await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle0' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const routeButton = await page.waitForSelector('::-p-aria([name="Rute"][role="button"])');
    await routeButton?.click();
    const first = await page.waitForSelector(
      '::-p-aria([name="Hybenvej 1 Serienr. HYB-001 Mangler"][role="button"])',
    );
    await first?.click();
    await page.waitForFunction(
      () => document.activeElement instanceof HTMLInputElement && document.activeElement.value === '',
    );
    if (log) {
      await page.evaluate(() => {
        window.longTasks = [];
        new PerformanceObserver((list) => {
          for (const task of list.getEntries()) {
            window.longTasks?.push({ start: task.startTime, duration: task.duration });
          }
        }).observe({ type: 'longtask' });
      });
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    if (!offline) return await walk(page, meters, log);
    await page.setOfflineMode(true);
    await walk(page, meters);
    const steps = await walk(page, meters, log);
    await page.waitForSelector(`::-p-aria([name="Afventer afsendelse: ${2 * meters}"][role="button"])`);
    return steps;
  } finally {
    await context.close();
    await api.stop();
  }
}
