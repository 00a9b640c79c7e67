import type { Page } from '@playwright/test';
import { homeFields, selectedAccountId } from './reading-report';
import { ROUTE_LOCATION } from './route-tenant';

// What the route-mode browser tests do on the route of support/route-tenant.ts.

export function routeDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Rute' });
}

/** A value inside the range shown under the input (`Forventet: {min} – {max}`), in comma form. */
export async function expectedValue(page: Page, point: string): Promise<string> {
  const input = homeFields(page).value(point);
  const noteId = `${await input.getAttribute('id')}-note`;
  const note = (await page.locator(`[id="${noteId}"]`).textContent()) ?? '';
  const match = /^Forventet: ([\d.,]+) – ([\d.,]+)$/.exec(note);
  if (!match) throw new Error(`No expected range under ${point}: "${note}"`);
  const number = (danish: string) => Number(danish.replaceAll('.', '').replace(',', '.'));
  const [min, max] = [number(match[1] ?? ''), number(match[2] ?? '')];
  return String(Math.round(((min + max) / 2) * 10) / 10).replace('.', ',');
}

type ServerStatus = {
  gateways: { Name: string; DeviceList: { Name: string; DeviceItemList: { Status: string }[] }[] }[];
};

/** Each route meter's status as the server has it, read with the page's own session. */
export async function serverStatuses(page: Page): Promise<Map<string, string>> {
  const accountId = await selectedAccountId(page);
  const status = await page.evaluate(async (account) => {
    const response = await fetch(`/api/gateway/readingstatus/${account}`, {
      headers: { Authorization: `Bearer ${window.sessionStorage.getItem('token')}` },
    });
    if (!response.ok) throw new Error(`readingstatus: HTTP ${response.status}`);
    return (await response.json()) as ServerStatus;
  }, accountId);
  const route = status.gateways.find((gateway) => gateway.Name === ROUTE_LOCATION);
  return new Map(route?.DeviceList.map((device) => [device.Name, device.DeviceItemList[0]?.Status ?? '']));
}
