import { parseArgs } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_FLAGS } from '../apps/web/e2e/support/chromium-flags.ts';
import { signInTab } from '../apps/web/e2e/support/signed-in-session.ts';
import { startApiUnderTest } from './lib/api-under-test.ts';

/**
 * `node --import tsx bench/home-long-tasks.ts DIST [DIST …] [--runs 7] [--throttle 4] [--tasks]`: the main-thread
 * long tasks of a cold `/home` signed in, for one or more builds of the web app, in alternating runs so
 * that the machine's load falls on every build alike. Each run loads /home in a new browser context with
 * the CPU throttled (DevTools' emulation, as a slower phone), records a trace until the form is shown and
 * the page has been idle for a second, and sums what every task over 50 ms blocked (total blocking
 * time, observed rather than simulated as Lighthouse does). Prints each build's runs and their median;
 * `--tasks` also lists every long task with what ran inside it.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '7' },
    throttle: { type: 'string', default: '4' },
    tasks: { type: 'boolean', default: false },
  },
});
if (positionals.length === 0) throw new Error('name at least one built dist folder');
const runs = Number(values.runs);
const throttle = Number(values.throttle);

type TraceEvent = {
  name: string;
  ph: string;
  dur?: number;
  ts: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string } };
};
type Run = { blocking: number; longest: number; tasks: number };

async function measure(browser: Browser, baseUrl: string): Promise<Run> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await signInTab(page, baseUrl, 'tekniker@eksempel.dk');
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('form button[type="submit"]');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const trace = JSON.parse(new TextDecoder().decode(await page.tracing.stop())) as {
      traceEvents: TraceEvent[];
    };
    const own = mainThreadEvents(trace.traceEvents);
    const long = own.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 50_000);
    if (values.tasks) printLongTasks(own, long);
    const tasks = long.map((event) => (event.dur ?? 0) / 1000);
    return {
      blocking: Math.round(tasks.reduce((sum, ms) => sum + ms - 50, 0)),
      longest: Math.round(Math.max(0, ...tasks)),
      tasks: tasks.length,
    };
  } finally {
    await context.close();
  }
}

/** Each long task with the events inside it that took over 4 ms (`--tasks`). */
function printLongTasks(own: TraceEvent[], long: TraceEvent[]): void {
  const start = own[0]?.ts ?? 0;
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    const inside = own
      .filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end)
      .filter((event) => (event.dur ?? 0) > 4_000)
      .map((event) => `${event.name}${scriptOf(event)} ${Math.round((event.dur ?? 0) / 1000)}`);
    console.log(
      `  task ${Math.round((task.dur ?? 0) / 1000)} ms at ${Math.round((task.ts - start) / 1000)} ms: ${inside.join(' | ')}`,
    );
  }
}

const scriptOf = (event: TraceEvent) => {
  const url = event.args?.data?.url;
  return url ? ` ${url.split('/').at(-1)}` : '';
};

/** The complete events of the renderer main thread that ran the /home document's scripts. */
function mainThreadEvents(events: TraceEvent[]): TraceEvent[] {
  const main = events
    .filter((event) => event.name === 'v8.evaluateModule' || event.name === 'EvaluateScript')
    .at(-1);
  return events.filter((event) => event.pid === main?.pid && event.tid === main?.tid && event.ph === 'X');
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;

const servers = [];
for (const dist of positionals) servers.push(await startApiUnderTest('sqlite', { env: { WEB_DIST: dist } }));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_FLAGS,
});
try {
  const results: Run[][] = positionals.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [index, server] of servers.entries()) {
      results[index]?.push(await measure(browser, server.server.baseUrl));
    }
  }
  for (const [index, dist] of positionals.entries()) {
    const build = results[index] ?? [];
    console.log(`${dist} (CPU ${throttle}× slower, ${runs} runs)`);
    console.log(
      `  blocking ms: ${build.map((run) => run.blocking).join(', ')}; median ${median(build.map((run) => run.blocking))}`,
    );
    console.log(
      `  longest task ms: ${build.map((run) => run.longest).join(', ')}; median ${median(build.map((run) => run.longest))}`,
    );
    console.log(`  tasks over 50 ms: ${build.map((run) => run.tasks).join(', ')}`);
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
