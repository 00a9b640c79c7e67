import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoUsers } from './support/auth';
import { historyDialog, historyPoint, openHistoryByKeyboard } from './support/reading-history';
import { chooseMeter, danishToday, homeFields } from './support/reading-report';
import { ROUTE_LOCATION, routeTenantForFile } from './support/route-tenant';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// The reader on the phone (issue 33): serial numbers wherever a meter is picked or checked, route
// mode laid out for a phone whose keypad is open, touch targets of at least 44 × 44 px, and numbers
// in one Danish form. Route mode runs on a route of its own (support/route-tenant.ts); the other
// tests only read demo data.

const PHONE = { width: 375, height: 740 };
/** What a phone of 375 × 740 keeps above an open decimal keypad (issue 33 measured about 440 px). */
const PHONE_WITH_KEYPAD = { width: 375, height: 440 };
const TOUCH_TARGET = 44;

type Box = { x: number; y: number; width: number; height: number };

test.describe.configure({ mode: 'serial' });

const reader = routeTenantForFile();

const serialOf = (house: number) => `HYB-${String(house).padStart(3, '0')}`;

async function chooseFromRoute(page: Page, house: number): Promise<void> {
  await page.getByRole('button', { name: 'Rute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rute' });
  await dialog.getByRole('button', { name: `Hybenvej ${house} Serienr. ${serialOf(house)} Mangler` }).click();
  await expect(dialog).toBeHidden();
  await expect(homeFields(page).value('Volumen')).toBeFocused();
}

/** A value inside the range shown under the input (`Forventet: {min} – {max}`), in comma form. */
async function expectedValue(page: Page): Promise<string> {
  const note = await noteOf(homeFields(page).value('Volumen'));
  const match = /^Forventet: ([\d.,]+) – ([\d.,]+)$/.exec(note);
  if (!match) throw new Error(`No expected range: "${note}"`);
  const number = (danish: string) => Number(danish.replaceAll('.', '').replace(',', '.'));
  const middle = (number(match[1] ?? '') + number(match[2] ?? '')) / 2;
  return String(Math.round(middle * 10) / 10).replace('.', ',');
}

async function noteOf(input: Locator): Promise<string> {
  const id = await input.getAttribute('id');
  return (await input.page().locator(`[id="${id}-note"]`).textContent()) ?? '';
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Every visible control on the page (or in the open dialog) smaller than 44 × 44 px, described. The
 * rule for a checkbox or radio: its label is clickable as a whole, so the label's box is its hit area.
 */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((least) => {
    const dialog = document.querySelector('.modal.show');
    const scope = dialog ?? document.body;
    const controls = scope.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || control.closest('[hidden], .visually-hidden-focusable')) continue;
      const input = control instanceof HTMLInputElement ? control : null;
      // A checkbox, a radio and a file input (`Tag foto`, visually hidden) are tapped through their label.
      const target =
        input && (input.type === 'checkbox' || input.type === 'radio' || input.type === 'file')
          ? (input.labels?.[0] ?? input)
          : control;
      const { width, height } = target.getBoundingClientRect();
      if (width === 0 && height === 0) continue;
      if (width < least - 0.5 || height < least - 0.5) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.id;
        small.push(
          `${control.tagName.toLowerCase()} "${name || control.id}": ${Math.round(width)}×${Math.round(height)}`,
        );
      }
    }
    return small;
  }, TOUCH_TARGET);
}

test.describe('the reader on the phone', () => {
  test.use({ viewport: PHONE });

  test('the serial number shows in the route list, on the form, in Spring over and in Målerskift', async ({
    page,
  }) => {
    await openSignedIn(page, reader);
    await page.getByRole('button', { name: 'Rute' }).click();
    const route = page.getByRole('dialog', { name: 'Rute' });
    const first = route.getByRole('button', { name: 'Hybenvej 1 Serienr. HYB-001 Mangler' });
    await expect(first).toBeVisible();
    await expect(route.getByText(/^Serienr\. HYB-\d{3}$/)).toHaveCount(50);
    await expectSoundScreen(page);
    await page.screenshot({ path: '/tmp/screens/route-list-serials.png' });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(route).toBeHidden();
    // axe measures contrast through the backdrop while it fades out (a flaky color-contrast finding).
    await expect(page.locator('.modal-backdrop')).toHaveCount(0);

    const header = page.getByTestId('meter-header');
    await expect(header.getByText('Hybenvej 1', { exact: true })).toBeVisible();
    await expect(header.getByText('Serienr. HYB-001', { exact: true })).toBeVisible();
    await expectSoundScreen(page);

    await page.getByRole('button', { name: 'Spring over' }).click();
    const skip = page.getByRole('dialog', { name: 'Spring over' });
    await expect(skip.getByText('Serienr. HYB-001', { exact: true })).toBeVisible();
    await expectSoundScreen(page);
    await skip.getByRole('button', { name: 'Annuller' }).click();
    await expect(skip).toBeHidden();

    await page.getByRole('button', { name: /^Målerskift/ }).click();
    const change = page.getByRole('dialog', { name: 'Målerskift' });
    await expect(change.getByRole('group', { name: 'Gammel måler' })).toContainText('Serienr. HYB-001');
    await expectSoundScreen(page);
    await page.keyboard.press('Escape');
    await expect(change).toBeHidden();
  });

  test('route mode folds the cascade into one line and keeps SEND above the keypad', async ({ page }) => {
    await openSignedIn(page, reader);
    const fields = homeFields(page);
    // Outside route mode the spec's cascade shows as it is, without the summary line.
    await expect(fields.location).toBeVisible();
    await expect(page.getByTestId('cascade-summary')).toHaveCount(0);

    await chooseFromRoute(page, 3);
    const summary = page.getByRole('button', {
      name: `${ROUTE_LOCATION} · Hybenvej 3 · ${danishToday().danish}`,
    });
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expect(fields.location).toBeHidden();
    await expect(fields.meter).toBeHidden();
    await expect(fields.date).toBeHidden();
    // The meter and its value come first: the header right under the summary, then the value.
    const header = page.getByTestId('meter-header');
    const value = fields.value('Volumen');
    expect((await box(header)).y).toBeGreaterThan((await box(summary)).y);
    expect((await box(value)).y).toBeGreaterThan((await box(header)).y);

    // The keypad takes the lower part of the screen: SEND stays in what is left, whole.
    await page.setViewportSize(PHONE_WITH_KEYPAD);
    await value.focus();
    await page.keyboard.type('1');
    const send = fields.send;
    await expect(send).toBeEnabled();
    await expect(async () => {
      const sendBox = await box(send);
      expect(sendBox.y).toBeGreaterThanOrEqual(0);
      expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(PHONE_WITH_KEYPAD.height);
      const valueBox = await box(value);
      expect(valueBox.y + valueBox.height).toBeLessThanOrEqual(sendBox.y);
    }).toPass();
    await expectSoundScreen(page);
    await page.screenshot({ path: '/tmp/screens/route-keypad-open.png' });
    await page.keyboard.press('Backspace');

    // A tap (here Enter on the focused line) shows the cascade to change a choice; again folds it.
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
    await expect(fields.location).toBeVisible();
    await expect(fields.meter.locator('option:checked')).toHaveText('Hybenvej 3');
    await expectSoundScreen(page);
    await page.keyboard.press('Enter');
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expect(fields.location).toBeHidden();

    // A save moves on; its toast takes its own room above the page, covering neither the page's
    // header nor the announcement nor the next meter's header.
    await page.setViewportSize(PHONE);
    await value.focus();
    await page.keyboard.type(await expectedValue(page));
    await page.keyboard.press('Enter');
    const announcement = page.getByTestId('route-announcement');
    await expect(announcement).toHaveText('Næste måler: Hybenvej 5');
    const toast = page.getByTestId('alert-banner');
    // Route mode keeps the reading on the device and sends it behind the step (ADR 054).
    await expect(toast).toHaveText('1 måling er sendt');
    const toastBox = await box(toast);
    await expect(page.getByTestId('cascade-summary')).toContainText('Hybenvej 5');
    for (const covered of [
      page.getByRole('banner'),
      announcement,
      header,
      page.getByTestId('cascade-summary'),
    ]) {
      expect(overlaps(toastBox, await box(covered)), `the toast covers ${covered}`).toBe(false);
    }
    await expectSoundScreen(page);
  });

  test('Spring over leaves the empty value alone and has no reason chosen beforehand', async ({ page }) => {
    await openSignedIn(page, reader);
    await chooseFromRoute(page, 7);
    const value = homeFields(page).value('Volumen');
    await page.getByRole('button', { name: 'Spring over' }).click();
    const skip = page.getByRole('dialog', { name: 'Spring over' });
    await expect(skip).toBeVisible();
    await expect(value).toHaveAttribute('aria-invalid', 'false');
    await expect(skip.getByRole('radio', { checked: true })).toHaveCount(0);

    // Without a reason the dialog says so, at the reasons, and sends nothing.
    await skip.getByRole('button', { name: 'Spring over' }).click();
    await expect(skip.getByRole('alert').filter({ hasText: 'Vælg en årsag' })).toBeVisible();
    await expect(skip.getByRole('radio').first()).toBeFocused();
    await expectSoundScreen(page);
    await page.keyboard.press('Escape');
    await expect(skip).toBeHidden();
    await expect(value).toHaveAttribute('aria-invalid', 'false');
  });

  test('picking a meter by hand moves the focus to its first value, as route mode does', async ({ page }) => {
    await openSignedIn(page, demoUsers.technician);
    const fields = homeFields(page);
    await chooseMeter(page, 'Nørrevang 4, kælder', 'Elmåler hovedtavle');
    await expect(fields.value('Forbrug')).toBeFocused();
    // With the keys the select changes at every arrow press: the focus stays until the reader moves on.
    await fields.meter.focus();
    await page.keyboard.press('ArrowDown');
    await expect(fields.meter.locator('option:checked')).toHaveText('Vandmåler');
    await expect(fields.meter).toBeFocused();
  });

  test('every control a reader taps is at least 44 × 44 px: login, form, route, dialogs', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    expect(await smallTouchTargets(page), 'login').toEqual([]);

    await openSignedIn(page, reader);
    expect(await smallTouchTargets(page), 'home').toEqual([]);
    await page.getByRole('button', { name: 'Rute' }).click();
    const route = page.getByRole('dialog', { name: 'Rute' });
    await expect(route.getByTestId('route-progress')).toBeVisible();
    expect(await smallTouchTargets(page), 'route').toEqual([]);
    await route.getByRole('button', { name: /^Hybenvej 9 / }).click();
    await expect(route).toBeHidden();
    expect(await smallTouchTargets(page), 'home in route mode').toEqual([]);

    for (const [button, title] of [
      ['Spring over', 'Spring over'],
      ['Find måler', 'Find måler'],
      [/^Målerskift/, 'Målerskift'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      expect(await smallTouchTargets(page), title).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.getByRole('button', { name: 'Historik', exact: true }).click();
    await expect(historyDialog(page)).toBeVisible();
    expect(await smallTouchTargets(page), 'Historik').toEqual([]);
  });

  test("every control a resident taps is at least 44 × 44 px: the form and a meter's history", async ({
    page,
  }) => {
    await openSignedIn(page, demoUsers.customerUser);
    await chooseMeter(page, 'Søparken 14, teknikrum', 'Elmåler fællesarealer');
    expect(await smallTouchTargets(page), 'home').toEqual([]);
    await page.getByRole('button', { name: 'Historik', exact: true }).click();
    await expect(historyDialog(page)).toBeVisible();
    expect(await smallTouchTargets(page), 'Historik').toEqual([]);
  });

  test("numbers show in one Danish form, but for the spec's own last-reading text", async ({ page }) => {
    await openSignedIn(page, demoUsers.technician);
    await chooseMeter(page, 'Nørrevang 4, kælder', 'Elmåler hovedtavle');
    const value = homeFields(page).value('Forbrug');
    const id = await value.getAttribute('id');
    // The spec's text keeps the contract's comma form (spec §2), however large the value.
    const hint = (await page.locator(`[id="${id}-hint"]`).textContent()) ?? '';
    const last = /^Sidste indberettet måling: (\d+(?:,\d+)?) \((\d\d-\d\d-\d{4})/.exec(hint);
    if (!last) throw new Error(`No last reading: "${hint}"`);
    const [, lastValue = '', lastDate = ''] = last;
    // The range and the history group thousands with dots, with a decimal comma.
    expect(await noteOf(value)).toMatch(/^Forventet: \d{1,3}(\.\d{3})+(,\d)? – \d{1,3}(\.\d{3})+(,\d)?$/);
    await openHistoryByKeyboard(page, 'Elmåler hovedtavle');
    const grouped = groupDanish(lastValue);
    const point = historyPoint(page, 'Forbrug (kWh)');
    await expect(point.getByRole('row').filter({ hasText: lastDate }).first()).toContainText(grouped);
    await expectSoundScreen(page);
  });
});

/** `98455,5` → `98.455,5`, as Intl's da-DK groups it. */
function groupDanish(comma: string): string {
  const [integer = '', fraction] = comma.split(',');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fraction === undefined ? grouped : `${grouped},${fraction}`;
}
