import { isoDateInCopenhagen, toDanishDate } from '@maaler/contract';
import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { expectHome, signIn } from './auth';

/** The home screen's fields, found the way a user finds them: by their labels. */
export function homeFields(page: Page) {
  return {
    account: page.getByLabel('Vælg konto'),
    location: page.getByLabel('Vælg lokation'),
    meter: page.getByLabel('Vælg måler'),
    date: page.getByLabel('Dato', { exact: true }),
    calendarButton: page.getByRole('button', { name: 'Vælg dato' }),
    send: page.getByRole('button', { name: /^(SEND|SENDER\.\.\.)$/ }),
    value: (point: string) => page.getByRole('textbox', { name: new RegExp(`^${point}( \\(|$)`) }),
    calendar: page.getByRole('dialog', { name: 'Vælg dato' }),
  };
}

/**
 * Signs in (a demo user by e-mail, or a user with its own password) and waits until home has moved the
 * focus to its heading, so later focus moves stick.
 */
export async function openHomeAs(
  page: Page,
  user: string | { email: string; password: string },
): Promise<void> {
  const { email, password } = typeof user === 'string' ? { email: user, password: undefined } : user;
  await signIn(page, email, { password });
  await expectHome(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeFocused();
}

export async function chooseMeter(page: Page, location: string, meter: string): Promise<void> {
  const fields = homeFields(page);
  await fields.location.selectOption({ label: location });
  await fields.meter.selectOption({ label: meter });
}

/** Today in Denmark, as the app and the server count it. */
export function danishToday(): { iso: string; danish: string } {
  const iso = isoDateInCopenhagen();
  return { iso, danish: toDanishDate(iso) };
}

/** The ISO date `days` calendar days before `iso`. */
export function daysBefore(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The hint under a point's input (`Sidste indberettet måling: …`), tied to it by the input's id. */
export async function pointHint(page: Page, point: string): Promise<Locator> {
  const id = await homeFields(page).value(point).getAttribute('id');
  return page.locator(`[id="${id}-hint"]`);
}

/** The last reading shown under a point's input: its value (dot form) and ISO date. */
export async function lastReadingOf(page: Page, point: string): Promise<{ value: string; date: string }> {
  const hint = (await (await pointHint(page, point)).textContent()) ?? '';
  const match = /^Sidste indberettet måling: (\d+(?:,\d+)?) \((\d{2})-(\d{2})-(\d{4})\)$/.exec(hint);
  if (!match) throw new Error(`no last reading under ${point}: ${JSON.stringify(hint)}`);
  return { value: (match[1] ?? '').replace(',', '.'), date: `${match[4]}-${match[3]}-${match[2]}` };
}

/**
 * A value for `point` on `dateIso` that continues its last reading at `perDay`, the demo seed's typical
 * consumption per day of that point (apps/api/src/startup/demo/demo-data.ts), so the app's plausibility
 * check sends it without a warning. Comma form, always with the fraction ",5".
 */
export async function plausibleValue(
  page: Page,
  point: string,
  perDay: number,
  dateIso: string,
): Promise<string> {
  const last = await lastReadingOf(page, point);
  const days = (Date.parse(dateIso) - Date.parse(last.date)) / 86_400_000;
  return `${Math.round(Number(last.value) + perDay * days)},5`;
}

/**
 * Types `values` (point label → value) for the chosen meter and presses SEND; `values` may read
 * the page (e.g. `plausibleValue`), as the meter's points show once it is chosen.
 */
export async function typeAndSend<Values extends Record<string, string>>(
  page: Page,
  [location, meter]: [string, string],
  values: (page: Page) => Promise<Values> | Values,
): Promise<Values> {
  const fields = homeFields(page);
  await chooseMeter(page, location, meter);
  // The photo part loads after the meter is chosen and pushes SEND down: a click aimed before it
  // arrives can land beside SEND on a busy machine.
  await expect(page.getByRole('group', { name: 'Foto og bemærkning' })).toBeVisible();
  const typed = await values(page);
  for (const [point, value] of Object.entries(typed)) await fields.value(point).fill(value);
  await fields.send.click();
  return typed;
}

/** Søparken's 'Elmåler fællesarealer', whose two points get today's plausible values. */
export const COMMON_ELECTRICITY: [string, string] = ['Søparken 14, teknikrum', 'Elmåler fællesarealer'];
export const plausibleDayAndNight = async (page: Page) => ({
  'Forbrug dag': await plausibleValue(page, 'Forbrug dag', 42, danishToday().iso),
  'Forbrug nat': await plausibleValue(page, 'Forbrug nat', 18, danishToday().iso),
});

/** The calendar's cell of one day (`YYYY-MM-DD`), in the month shown. */
export function calendarDay(page: Page, iso: string): Locator {
  return homeFields(page).calendar.locator(`[data-day="${iso}"]:not([data-outside])`);
}

/**
 * Opens the calendar, goes to the month of `iso` with the month and year dropdowns (as a user does,
 * only when the calendar opens on another month) and picks the day.
 */
export async function pickDate(page: Page, iso: string): Promise<void> {
  const fields = homeFields(page);
  const [year, month] = iso.split('-').map(Number);
  await fields.calendarButton.click();
  await expect(fields.calendar).toBeVisible();
  const day = calendarDay(page, iso);
  if ((await day.count()) === 0) {
    await fields.calendar.getByLabel('Vælg år').selectOption(String(year));
    await fields.calendar.getByLabel('Vælg måned').selectOption(String((month ?? 1) - 1));
  }
  await day.getByRole('button').click();
  await expect(fields.calendar).toBeHidden();
  await expect(fields.date).toHaveValue(toDanishDate(iso));
}

export type SentReading = {
  gatewayId: number;
  deviceId: number;
  dateRecord: string;
  deviceItemId: number;
  value: string;
};

/** Every reading SEND (and the offline sync's replays of them), for page.route. */
export const READING_POSTS = '**/api/gateway/manualregisterdeviceitemdata/**';

/** Answers a reading SEND as the server does when it stored it, without storing anything. */
export function answerSaved(route: Route): Promise<void> {
  return route.fulfill({ json: { Success: true, Message: '', Count: 1 } });
}

export function isReadingPost(request: Request): boolean {
  return request.method() === 'POST' && request.url().includes('/api/gateway/manualregisterdeviceitemdata/');
}

/** Clicks SEND and expects the server to answer the reading's POST with 200. */
export async function sendAndExpectStored(page: Page): Promise<void> {
  const stored = page.waitForResponse((response) => isReadingPost(response.request()));
  await homeFields(page).send.click();
  expect((await stored).status()).toBe(200);
}

export type HistoryEntry = {
  DeviceItemId: number;
  DateRecord: string;
  Value: string;
  PlausibilityOverride: boolean;
  Source: string;
  EnteredAt: string | null;
};

/**
 * The stored readings of a meter, read from the API with the page's own session: every page of the
 * bounded history (ADR 053), newest date first.
 */
export function readHistory(
  page: Page,
  accountId: string,
  reading: { gatewayId: number; deviceId: number },
): Promise<HistoryEntry[]> {
  return page.evaluate(
    async ({ accountId, gatewayId, deviceId }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((part) => part.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const all: HistoryEntry[] = [];
      let before: string | undefined;
      for (;;) {
        const response = await fetch(`/api/gateway/loaddeviceitemhistorylist/${accountId}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${window.sessionStorage.getItem('token')}`,
            'Content-Type': 'application/json',
            'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? ''),
          },
          body: JSON.stringify(
            before === undefined ? { gatewayId, deviceId } : { gatewayId, deviceId, before },
          ),
        });
        if (!response.ok) throw new Error(`history: HTTP ${response.status}`);
        const entries: HistoryEntry[] = await response.json();
        const oldest = entries.at(-1);
        if (!oldest) return all;
        all.push(...entries);
        before = oldest.DateRecord;
      }
    },
    { accountId, gatewayId: reading.gatewayId, deviceId: reading.deviceId },
  );
}

export async function selectedAccountId(page: Page): Promise<string> {
  const selected = await page.evaluate(() => window.sessionStorage.getItem('accountselected'));
  return (JSON.parse(selected ?? 'null') as { guid: string }).guid;
}

export function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: `/tmp/screens/home-${name}.png`, fullPage: true, animations: 'disabled' });
}
