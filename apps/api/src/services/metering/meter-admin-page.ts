import {
  type AdminLocation,
  type AdminMeter,
  DeviceType,
  METER_ADMIN_PAGE_SIZE,
  type MeterAdminPage,
  type MeterAdminQuery,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { NO_RESIDENT, selectResidentsOfMeters } from '../../db/repositories/meter-residents.ts';
import {
  selectLocationsOfAccount,
  selectMeterNamesOfAccount,
  selectMetersOfLocations,
  selectPointsOfMeters,
} from '../../db/repositories/metering.ts';
import type { Database } from '../../db/schema.ts';
import { byDanishName } from '../shared/danish-order.ts';
import { groupBy } from '../shared/group-by.ts';
import { byRouteOrder } from './route-order.ts';

const fold = (text: string) => text.toLocaleLowerCase('da');

/**
 * One page of the account's locations in route order with all their meters and points. With a
 * search, a location matches by name or address (then all its meters show) or through meters that
 * match by name or serial number (then only those show). Paging by location keeps a location whole
 * on one page; the sort is in code for the Danish order (ADR 009), over the account's locations only.
 */
export async function meterAdminPage(
  db: Kysely<Database>,
  accountId: string,
  query: MeterAdminQuery,
): Promise<MeterAdminPage> {
  const locations = (await selectLocationsOfAccount(db, accountId)).sort(byRouteOrder);
  const needle = fold(query.q);
  let shown = locations;
  let meterFilter: Map<number, Set<number>> | undefined;
  if (needle !== '') {
    meterFilter = new Map();
    for (const meter of await selectMeterNamesOfAccount(db, accountId)) {
      if (!fold(meter.name).includes(needle) && !fold(meter.serial).includes(needle)) continue;
      const ids = meterFilter.get(meter.gatewayId) ?? new Set<number>();
      meterFilter.set(meter.gatewayId, ids.add(meter.id));
    }
    const filter = meterFilter;
    const own = (l: { name: string; address: string }) =>
      fold(l.name).includes(needle) || fold(l.address).includes(needle);
    shown = locations.filter((l) => own(l) || filter.has(l.id));
    for (const location of shown) if (own(location)) filter.delete(location.id);
  }
  const pageCount = Math.ceil(shown.length / METER_ADMIN_PAGE_SIZE);
  const page = Math.min(query.page, Math.max(pageCount, 1));
  const onPage = shown.slice((page - 1) * METER_ADMIN_PAGE_SIZE, page * METER_ADMIN_PAGE_SIZE);

  const meters = (
    await selectMetersOfLocations(
      db,
      onPage.map((l) => l.id),
    )
  ).filter((m) => meterFilter?.get(m.gatewayId)?.has(m.id) ?? true);
  const meterIds = meters.map((m) => m.id);
  const [points, residents] = await Promise.all([
    selectPointsOfMeters(db, meterIds),
    selectResidentsOfMeters(db, meterIds),
  ]);
  const pointsOf = groupBy(points.sort(byDanishName), (p) => p.deviceId);
  const metersOf = groupBy(meters.sort(byAdminOrder), (m) => m.gatewayId);

  return {
    Page: page,
    PageCount: pageCount,
    LocationCount: shown.length,
    Locations: onPage.map(
      (l): AdminLocation => ({
        GatewayId: l.id,
        Name: l.name,
        Address: l.address,
        Access: l.access ?? '',
        Placement: l.placement ?? '',
        Meters: (metersOf.get(l.id) ?? []).map((m): AdminMeter => {
          const resident = residents.get(m.id) ?? NO_RESIDENT;
          return {
            DeviceId: m.id,
            Name: m.name,
            // A type outside the list (none is stored) would break the answer's schema; show it as other.
            Type: z.catch(DeviceType, 'other').parse(m.type),
            Manual: m.manual === 1,
            Serial: m.serial,
            Status: m.retiredAt === null ? 'active' : m.replaced ? 'replaced' : 'retired',
            RetiredAt: m.retiredAt,
            InstalledOn: m.installedOn,
            ResidentName: resident.name,
            ResidentEmail: resident.email,
            ResidentPhone: resident.phone,
            Access: m.access ?? '',
            Placement: m.placement ?? '',
            RadioId: m.radioId,
            Points: (pointsOf.get(m.id) ?? []).map((p) => ({
              DeviceItemId: p.id,
              Name: p.name,
              Unit: p.unit,
              RegisterDigits: p.registerDigits,
              CountsUpOnly: p.countsUpOnly === 1,
            })),
          };
        }),
      }),
    ),
  };
}

/** Active meters in route order, then the retired ones (no longer in the route), newest first. */
function byAdminOrder(
  a: { retiredAt: string | null; sequence: number | null; name: string; id: number },
  b: { retiredAt: string | null; sequence: number | null; name: string; id: number },
): number {
  if (a.retiredAt === null && b.retiredAt === null) return byRouteOrder(a, b);
  if (a.retiredAt === null) return -1;
  if (b.retiredAt === null) return 1;
  return b.retiredAt.localeCompare(a.retiredAt) || byDanishName(a, b);
}
