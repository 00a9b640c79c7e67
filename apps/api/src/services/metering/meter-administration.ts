import {
  type AddLocationRequest,
  type AddMeterRequest,
  type AddPointRequest,
  type AdminLocation,
  type AdminMeter,
  DeviceType,
  isoDateInCopenhagen,
  METER_ADMIN_ERRORS,
  METER_ADMIN_PAGE_SIZE,
  type MeterAdminPage,
  type MeterAdminQuery,
  type MeterAdminWriteResponse,
  type MoveRequest,
  type UpdateLocationRequest,
  type UpdateMeterRequest,
  type UpdatePointRequest,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { retireMeter, selectMeterToReplace } from '../../db/repositories/meter-changes.ts';
import {
  lockCustomerForPlanning,
  selectCustomerMeterBySerial,
  serialTaken,
  unlessSerialTaken,
} from '../../db/repositories/meter-serials.ts';
import {
  insertLocation,
  insertMeter,
  insertPoint,
  selectActiveMetersOfLocation,
  selectFirstReadingDateOfMeter,
  selectLocationOfAccount,
  selectLocationsOfAccount,
  selectMeterNamesOfAccount,
  selectMetersOfLocations,
  selectPointOfAccount,
  selectPointsOfMeters,
  updateInstalledOn,
  updateLocation,
  updateMeterName,
  updatePoint,
  updateSequence,
  updateSerialNumber,
} from '../../db/repositories/metering.ts';
import type { Database } from '../../db/schema.ts';
import { ConflictError, InvalidRequestError, NotFoundError } from '../../domain/errors.ts';
import { byDanishName } from '../shared/danish-order.ts';
import { groupBy } from '../shared/group-by.ts';
import { byRouteOrder } from './route-order.ts';

// Meter administration (ADR 016, "Målere"): the account is already the administrator's (the route's
// `account` option); every id in a request is looked up within it, so another account's id is 404.

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
  const points = await selectPointsOfMeters(
    db,
    meters.map((m) => m.id),
  );
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
        Meters: (metersOf.get(l.id) ?? []).map(
          (m): AdminMeter => ({
            DeviceId: m.id,
            Name: m.name,
            // A type outside the list (none is stored) would break the answer's schema; show it as other.
            Type: z.catch(DeviceType, 'other').parse(m.type),
            Manual: m.manual === 1,
            Serial: m.serial,
            Status: m.retiredAt === null ? 'active' : m.replaced ? 'replaced' : 'retired',
            RetiredAt: m.retiredAt,
            InstalledOn: m.installedOn,
            Points: (pointsOf.get(m.id) ?? []).map((p) => ({
              DeviceItemId: p.id,
              Name: p.name,
              Unit: p.unit,
              RegisterDigits: p.registerDigits,
              CountsUpOnly: p.countsUpOnly === 1,
            })),
          }),
        ),
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

async function locationOf(db: Kysely<Database>, accountId: string, locationId: number) {
  const location = await selectLocationOfAccount(db, accountId, locationId);
  if (!location) throw new NotFoundError();
  return location;
}

/** The account's meter, locked on PostgreSQL until the transaction ends; 409 once it is retired. */
async function activeMeterOf(db: Kysely<Database>, accountId: string, meterId: number) {
  const meter = await selectMeterToReplace(db, accountId, meterId);
  if (!meter) throw new NotFoundError();
  if (meter.retiredAt !== null) throw new ConflictError(METER_ADMIN_ERRORS.meterRetired);
  return meter;
}

/**
 * A serial number names one meter of the customer (any of its accounts), ignoring case; retired
 * meters keep theirs. The caller holds the planning lock, so no other write takes it before ours.
 */
async function requireFreeSerial(db: Kysely<Database>, accountId: string, serial: string, meterId?: number) {
  const holder = await selectCustomerMeterBySerial(db, accountId, serial);
  if (holder && holder.deviceId !== meterId) {
    throw new ConflictError(
      METER_ADMIN_ERRORS.serialTaken(holder.serial, holder.deviceName, holder.gatewayName),
    );
  }
}

/** Writes a serial number; should the unique index still refuse it, the 409 of `requireFreeSerial`. */
async function writeSerial<T>(
  db: Kysely<Database>,
  accountId: string,
  serial: string,
  write: () => Promise<T>,
): Promise<T> {
  const result = await unlessSerialTaken(db, write);
  if (result !== serialTaken) return result;
  await requireFreeSerial(db, accountId, serial);
  throw new Error(`the serial number ${serial} was refused, yet no meter of the customer holds it`);
}

/**
 * Moves one of `siblings` a place up or down. The places are numbered 1, 2, … in the present route
 * order first, so locations or meters that had none (name order) get one; only changed rows are written.
 */
async function move<T extends { id: number; sequence: number | null; name: string }>(
  db: Kysely<Database>,
  table: 'gateways' | 'devices',
  siblings: T[],
  id: number,
  direction: MoveRequest['Direction'],
): Promise<void> {
  const order = siblings.sort(byRouteOrder);
  const from = order.findIndex((s) => s.id === id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return;
  const moved = order.splice(from, 1);
  order.splice(to, 0, ...moved);
  for (const [index, sibling] of order.entries()) {
    if (sibling.sequence !== index + 1) await updateSequence(db, table, sibling.id, index + 1);
  }
}

export async function addLocation(
  db: Kysely<Database>,
  accountId: string,
  request: AddLocationRequest,
): Promise<MeterAdminWriteResponse> {
  const id = await insertLocation(db, { accountId, name: request.Name, address: request.Address ?? '' });
  return { Id: id };
}

export async function changeLocation(
  db: Kysely<Database>,
  accountId: string,
  locationId: number,
  request: UpdateLocationRequest,
): Promise<MeterAdminWriteResponse> {
  await locationOf(db, accountId, locationId);
  await updateLocation(db, locationId, { name: request.Name, address: request.Address });
  return { Id: locationId };
}

export async function moveLocation(
  db: Kysely<Database>,
  accountId: string,
  locationId: number,
  direction: MoveRequest['Direction'],
): Promise<MeterAdminWriteResponse> {
  await locationOf(db, accountId, locationId);
  await move(db, 'gateways', await selectLocationsOfAccount(db, accountId), locationId, direction);
  return { Id: locationId };
}

/** An installation day cannot lie after today (Copenhagen), which the schema cannot know. */
function refuseFutureInstallation(installedOn: string | null | undefined, now: Date): void {
  if (installedOn && installedOn > isoDateInCopenhagen(now))
    throw new InvalidRequestError(METER_ADMIN_ERRORS.installedOnInvalid);
}

export async function addMeter(
  db: Kysely<Database>,
  accountId: string,
  locationId: number,
  request: AddMeterRequest,
  now: Date,
): Promise<MeterAdminWriteResponse> {
  refuseFutureInstallation(request.InstalledOn, now);
  await locationOf(db, accountId, locationId);
  const serialNumber = request.SerialNumber ?? '';
  await lockCustomerForPlanning(db, accountId);
  if (serialNumber !== '') await requireFreeSerial(db, accountId, serialNumber);
  const id = await writeSerial(db, accountId, serialNumber, () =>
    insertMeter(db, {
      locationId,
      name: request.Name,
      type: request.Type,
      manual: request.Manual ?? true,
      serialNumber,
      installedOn: request.InstalledOn ?? null,
      addedOn: isoDateInCopenhagen(now),
    }),
  );
  return { Id: id };
}

export async function changeMeter(
  db: Kysely<Database>,
  accountId: string,
  meterId: number,
  request: UpdateMeterRequest,
  now: Date,
): Promise<MeterAdminWriteResponse> {
  refuseFutureInstallation(request.InstalledOn, now);
  await activeMeterOf(db, accountId, meterId);
  if (request.SerialNumber !== undefined) {
    const serial = request.SerialNumber;
    await lockCustomerForPlanning(db, accountId);
    await requireFreeSerial(db, accountId, serial, meterId);
    await writeSerial(db, accountId, serial, () => updateSerialNumber(db, meterId, serial));
  }
  if (request.Name !== undefined) await updateMeterName(db, meterId, request.Name);
  if (request.InstalledOn !== undefined) {
    // A reading before the installation would be another meter's: the day cannot move past one.
    const first = request.InstalledOn === null ? null : await selectFirstReadingDateOfMeter(db, meterId);
    if (first !== null && request.InstalledOn !== null && first < request.InstalledOn) {
      throw new ConflictError(METER_ADMIN_ERRORS.installedAfterFirstReading(first));
    }
    await updateInstalledOn(db, meterId, request.InstalledOn);
  }
  return { Id: meterId };
}

export async function moveMeter(
  db: Kysely<Database>,
  accountId: string,
  meterId: number,
  direction: MoveRequest['Direction'],
): Promise<MeterAdminWriteResponse> {
  const meter = await activeMeterOf(db, accountId, meterId);
  await move(db, 'devices', await selectActiveMetersOfLocation(db, meter.gatewayId), meterId, direction);
  return { Id: meterId };
}

/**
 * Takes the meter out of service (ADR 019's `retired_at`): it leaves the route, the tree and the serial
 * lookup and takes no readings; its readings stay. Retiring a retired meter again changes nothing.
 */
export async function retireMeterNow(
  db: Kysely<Database>,
  accountId: string,
  meterId: number,
  now: Date,
): Promise<MeterAdminWriteResponse> {
  const meter = await selectMeterToReplace(db, accountId, meterId);
  if (!meter) throw new NotFoundError();
  if (meter.retiredAt === null) await retireMeter(db, meterId, now.toISOString());
  return { Id: meterId };
}

export async function addPoint(
  db: Kysely<Database>,
  accountId: string,
  meterId: number,
  request: AddPointRequest,
): Promise<MeterAdminWriteResponse> {
  await activeMeterOf(db, accountId, meterId);
  const id = await insertPoint(db, {
    meterId,
    name: request.Name,
    unit: request.Unit,
    registerDigits: request.RegisterDigits ?? null,
    countsUpOnly: request.CountsUpOnly ?? false,
  });
  return { Id: id };
}

/**
 * Renames a point, changes its unit or declares its register (ADR 020; declaring applies to readings
 * written from then on, stored ones are not judged again). A unit is refused once the point has readings: the stored values
 * would silently be read in the new unit (a real change of unit is a meter change, ADR 019).
 */
export async function changePoint(
  db: Kysely<Database>,
  accountId: string,
  pointId: number,
  request: UpdatePointRequest,
): Promise<MeterAdminWriteResponse> {
  const point = await selectPointOfAccount(db, accountId, pointId);
  if (!point) throw new NotFoundError();
  if (point.retiredAt !== null) throw new ConflictError(METER_ADMIN_ERRORS.meterRetired);
  const unitChanges = request.Unit !== undefined && request.Unit !== point.unit;
  if (unitChanges && point.hasReadings) throw new ConflictError(METER_ADMIN_ERRORS.unitHasReadings);
  await updatePoint(db, pointId, {
    name: request.Name,
    unit: request.Unit,
    registerDigits: request.RegisterDigits,
    countsUpOnly: request.CountsUpOnly,
  });
  return { Id: pointId };
}
