import { toUsDate } from '@maaler/contract';
import { expect, type Page } from '@playwright/test';
import { addOwnTenant, type OwnTenantNames, type PostalAddress, type TenantUser } from './cli';
import { postReadingsAsPage } from './session-calls';
import { openSignedIn } from './stored-session';

export const HEAT_METER = 'Varmemåler';

/** The ids of a heat-meter tenant's account, location, meter and its two points. */
export type HeatMeterIds = {
  accountId: string;
  gatewayId: number;
  deviceId: number;
  energi: number;
  volumen: number;
};

/** One day's values of the heat meter, in Danish notation. */
export type HeatReading = { date: string; energi: string; volumen: string };

/**
 * A tenant of its own (`addOwnTenant`), so that what a test changes (a retired meter, an estimate)
 * touches no other browser test, with one heat meter, points 'Energi' and 'Volumen'.
 */
export function addHeatMeterTenant(
  names: OwnTenantNames,
  { serial, ...tenant }: { address: PostalAddress; location: string; serial: string; user: TenantUser },
): HeatMeterIds {
  const {
    accountId,
    gatewayId,
    meters: [meter],
  } = addOwnTenant(names, {
    ...tenant,
    meters: [{ name: HEAT_METER, type: 'heat', serial, points: { Energi: 'kWh', Volumen: 'm³' } }],
  });
  return {
    accountId,
    gatewayId,
    deviceId: meter?.deviceId ?? 0,
    energi: meter?.items.Energi ?? 0,
    volumen: meter?.items.Volumen ?? 0,
  };
}

/** Stores the heat meter's readings with the page's session, as SEND does. */
export async function storeHeatReadings(
  page: Page,
  ids: HeatMeterIds,
  readings: HeatReading[],
): Promise<void> {
  const body = readings.flatMap((reading) =>
    [
      [ids.energi, reading.energi],
      [ids.volumen, reading.volumen],
    ].map(([deviceItemId, value]) => ({
      gatewayId: ids.gatewayId,
      deviceId: ids.deviceId,
      deviceItemId,
      dateRecord: toUsDate(reading.date),
      value,
    })),
  );
  expect(await postReadingsAsPage(page, ids.accountId, body)).toBe(200);
}

/** The tenant's user on the reading screen of a 375 px wide phone, signed in from a stored session. */
export async function signInOnPhone(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, user);
}
