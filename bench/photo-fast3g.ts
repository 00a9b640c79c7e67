import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PHOTO_MAX_DEVICE_BYTES } from '@maaler/contract';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import sharp from 'sharp';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../apps/web/e2e/support/chromium-flags.ts';
import { signedInSessionStorage } from '../apps/web/e2e/support/signed-in-session.ts';
import { type ApiUnderTest, startApiUnderTest, withDatabase } from './lib/api-under-test.ts';

/**
 * `node --import tsx bench/photo-fast3g.ts [--runs 7] [--dist apps/web/dist]` (issue 36): a reader on a
 * 375 px phone sends a reading with a 300 KB photo over Chrome DevTools' "Fast 3G", end to end: the
 * built app in headless Chromium on the real API (SQLite), the photo shrunk on the device, uploaded,
 * then the readings posted. The figure is the time from pressing SEND to the app's save confirmation
 * (`Måling er nu registreret`, the issue's `Målingen er gemt`), measured in the page; the anchor is the
 * same reading without a photo on the same throttle. Runs alternate (photo, none) so the machine's load
 * falls on both alike; prints every run and the medians, and writes bench/results/photo-fast3g.json.
 *
 * The throttle is CDP `Network.emulateNetworkConditions` with the values of the "Fast 3G" preset as
 * puppeteer's PredefinedNetworkConditions define it, "generally aligned with DevTools"
 * (front_end/core/sdk/NetworkManager.ts): latency 150 ms × 3.75 = 562.5 ms, download 1.6 Mbit/s × 0.9,
 * upload 750 kbit/s × 0.9 (bytes per second below).
 */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    dist: { type: 'string', default: 'apps/web/dist' },
  },
});
const runs = Number(values.runs);
// The demo's reader (role 0) and a meter of the account he reads.
const READER = 'tekniker@eksempel.dk';
const LOCATION = 'Nørrevang 4, kælder';
const METER = 'Vandmåler';
/** The demo seed's typical consumption per day of the meter's points (demo-data.ts), so no warning. */
const PER_DAY: Record<string, number> = { Volumen: 3.4 };
const SAVED = 'Måling er nu registreret';
const THUMBNAIL_ALT = 'Fotoet, der sendes med målingen';

/** A camera-like JPEG of about 300 KB (1600 × 1200: smooth areas and grain), as the reader picks it. */
async function photoFixture(): Promise<string> {
  const width = 1600;
  const height = 1200;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i % (width * 3)) / 12 + Math.random() * 60;
  const image = sharp(noise, { raw: { width, height, channels: 3 } }).blur(0.8);
  let photo = await image.clone().jpeg({ quality: 50 }).toBuffer();
  // The best quality that stays within the device's cap: a photo of about 300 KB.
  for (let quality = 98; quality >= 50; quality--) {
    const candidate = await image.clone().jpeg({ quality }).toBuffer();
    if (candidate.length <= PHOTO_MAX_DEVICE_BYTES) {
      photo = candidate;
      break;
    }
  }
  const file = join(mkdtempSync(join(tmpdir(), 'photo-fast3g-')), 'IMG_0001.jpg');
  writeFileSync(file, photo);
  console.log(`photo fixture: 1600 × 1200 JPEG, ${Math.round(photo.length / 1024)} KB`);
  return file;
}

/** Chooses the option with `text` in the select labelled `label`, as a user does, once it is offered. */
async function choose(page: Page, label: string, text: string): Promise<void> {
  const select = await page.waitForSelector(`::-p-aria(${label})`);
  if (!select) throw new Error(`no ${label}`);
  const option = await page.waitForFunction(
    (element, wanted) =>
      [...(element as HTMLSelectElement).options].find((candidate) => candidate.text === wanted)?.value,
    { timeout: 30_000 },
    select,
    text,
  );
  await select.select(String(await option.jsonValue()));
}

/** Today's value of a point, continuing its last reading (shown under its input) at the seed's rate. */
async function plausibleValue(page: Page, point: string): Promise<void> {
  const id = await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('label')].find(
        (label) => label.textContent === name || label.textContent?.startsWith(`${name} (`),
      )?.htmlFor,
    { timeout: 30_000 },
    point,
  );
  const inputId = String(await id.jsonValue());
  const hint = await page.$eval(`[id="${inputId}-hint"]`, (element) => element.textContent ?? '');
  const match = /^Sidste indberettet måling: (\d+(?:,\d+)?) \((\d{2})-(\d{2})-(\d{4})\)$/.exec(hint);
  if (!match) throw new Error(`no last reading under ${point}: ${hint}`);
  const days = (Date.now() - Date.parse(`${match[4]}-${match[3]}-${match[2]}T12:00:00Z`)) / 86_400_000;
  const last = Number((match[1] ?? '').replace(',', '.'));
  await page.type(`[id="${inputId}"]`, `${Math.round(last + (PER_DAY[point] ?? 0) * Math.round(days))},5`);
}

/**
 * In the page: presses SEND and answers the milliseconds until `saved` shows. Source text rather than
 * a function, so the loader's helpers around named inner functions do not go into the page.
 */
const timeSendScript = (saved: string): string => `new Promise((resolve, reject) => {
  const send = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'SEND');
  if (!send) { reject(new Error('no SEND')); return; }
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (!document.body.textContent.includes(${JSON.stringify(saved)})) return;
    observer.disconnect();
    resolve(performance.now() - started);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  setTimeout(() => reject(new Error('no confirmation within 120 s')), 120000);
  send.click();
})`;

/** One SEND on a fresh signed-in tab: milliseconds from pressing SEND to the save confirmation. */
async function sendOnce(browser: Browser, api: ApiUnderTest, photo: string | null): Promise<number> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 375, height: 800 });
    const baseUrl = api.server.baseUrl;
    const storage = await signedInSessionStorage(baseUrl, READER);
    await page.goto(`${baseUrl}/version.json`);
    await page.evaluate((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) window.sessionStorage.setItem(key, value);
    }, storage);
    await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle0' });
    await choose(page, 'Vælg lokation', LOCATION);
    await choose(page, 'Vælg måler', METER);
    for (const point of Object.keys(PER_DAY)) await plausibleValue(page, point);
    if (photo) {
      const input = await page.waitForSelector('input[type="file"]');
      await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(photo);
      await page.waitForSelector(`img[alt="${THUMBNAIL_ALT}"]`, { timeout: 60_000 });
    }
    // Only the SEND runs on the throttled line: opening the app is not what is measured.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const elapsed = (await page.evaluate(timeSendScript(SAVED))) as number;
    return Math.round(elapsed);
  } finally {
    await context.close();
  }
}

/** The bench's readings go again before the next run (the demo's history ends on 1 October 2026). */
const clearReadings = (api: ApiUnderTest) =>
  withDatabase(api, async (db) => {
    await db.deleteFrom('readings').where('date_record', '>=', '2026-10-02').execute();
  });

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;

const photo = await photoFixture();
const api = await startApiUnderTest('sqlite', { env: { WEB_DIST: resolve(values.dist) } });
const browser = await puppeteer.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
});
try {
  const withPhoto: number[] = [];
  const without: number[] = [];
  // One run of each first, not counted: the server's and the browser's first request warm up.
  for (const run of [-1, ...Array.from({ length: runs }, (_, i) => i)]) {
    const a = await sendOnce(browser, api, photo);
    await clearReadings(api);
    const b = await sendOnce(browser, api, null);
    await clearReadings(api);
    if (run < 0) continue;
    withPhoto.push(a);
    without.push(b);
    console.log(`run ${run + 1}: with photo ${a} ms, without ${b} ms`);
  }
  const stored = await withDatabase(api, (db) =>
    db
      .selectFrom('photos')
      .select((eb) => eb.fn.avg<number>('size').as('size'))
      .executeTakeFirstOrThrow(),
  );
  const figures = {
    throttle: 'Fast 3G (latency 562.5 ms, down 1.44 Mbit/s, up 675 kbit/s)',
    runs,
    withPhotoMs: withPhoto,
    withoutPhotoMs: without,
    medianWithPhotoMs: median(withPhoto),
    medianWithoutPhotoMs: median(without),
    storedPhotoKb: Math.round(Number(stored.size) / 1024),
  };
  console.log(
    `median SEND → "${SAVED}" on Fast 3G: with a photo ${figures.medianWithPhotoMs} ms, without ${figures.medianWithoutPhotoMs} ms (${runs} runs each); stored photo ${figures.storedPhotoKb} KB`,
  );
  writeFileSync(
    new URL('./results/photo-fast3g.json', import.meta.url),
    `${JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
} finally {
  await browser.close();
  await api.stop();
}
