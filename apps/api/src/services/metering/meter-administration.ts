import {
  type AddMeterRequest,
  isoDateInCopenhagen,
  METER_ADMIN_ERRORS,
  type MeterAdminWriteResponse,
  type MoveRequest,
  type UpdateMeterRequest,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { updateMeterRadioId } from '../../db/repositories/imports.ts';
import { retireMeter, selectMeterToReplace } from '../../db/repositories/meter-changes.ts';
import {
  NO_RESIDENT,
  selectResidentsOfMeters,
  writeResident,
} from '../../db/repositories/meter-residents.ts';
import {
  lockCustomerForPlanning,
  selectCustomerMeterBySerial,
  serialTaken,
  unlessSerialTaken,
} from '../../db/repositories/meter-serials.ts';
import {
  insertMeter,
  selectActiveMetersOfLocation,
  selectFirstReadingDateOfMeter,
  selectRadioIdOfMeter,
  updateInstalledOn,
  updateMeterFieldNotes,
  updateMeterName,
  updateSerialNumber,
} from '../../db/repositories/metering.ts';
import type { Database } from '../../db/schema.ts';
import { ConflictError, InvalidRequestError, NotFoundError } from '../../domain/errors.ts';
import { requireLocation } from './location-administration.ts';
import { moveInRoute } from './route-moves.ts';

// Meter administration (ADR 016, "Målere"): the account is already the administrator's (the route's
// `account` option); every id in a request is looked up within it, so another account's id is 404.

/** The account's meter, locked on PostgreSQL until the transaction ends; 409 once it is retired. */
export async function requireActiveMeter(db: Kysely<Database>, accountId: string, meterId: number) {
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
  await requireLocation(db, accountId, locationId);
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
  await requireActiveMeter(db, accountId, meterId);
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
  await changeResident(db, meterId, request);
  await updateMeterFieldNotes(db, meterId, { access: request.Access, placement: request.Placement });
  await changeRemote(db, meterId, request);
  return { Id: meterId };
}

/**
 * `Fjernaflæst` (issue 38, ADR 050): a remote meter's radio id is the one sent; '' is its serial number
 * (set before, in the same request); left out, the one it has, else the serial. Not remote clears it.
 */
async function changeRemote(db: Kysely<Database>, meterId: number, request: UpdateMeterRequest) {
  if (request.Remote === undefined && request.RadioId === undefined) return;
  const current = await selectRadioIdOfMeter(db, meterId);
  const remote = request.Remote ?? current.radioId !== null;
  const kept = request.RadioId === undefined ? current.radioId : null;
  const radioId = remote ? request.RadioId || kept || current.serial : null;
  if (radioId === '') throw new InvalidRequestError(METER_ADMIN_ERRORS.radioIdNeeded);
  await updateMeterRadioId(db, meterId, radioId);
}

/** The resident's fields in the request replace the stored ones; those left out stay (ADR 039). */
async function changeResident(db: Kysely<Database>, meterId: number, request: UpdateMeterRequest) {
  const { ResidentName: name, ResidentEmail: email, ResidentPhone: phone } = request;
  if (name === undefined && email === undefined && phone === undefined) return;
  const stored = (await selectResidentsOfMeters(db, [meterId])).get(meterId) ?? NO_RESIDENT;
  await writeResident(db, meterId, {
    name: name ?? stored.name,
    email: email ?? stored.email,
    phone: phone ?? stored.phone,
  });
}

export async function moveMeter(
  db: Kysely<Database>,
  accountId: string,
  meterId: number,
  direction: MoveRequest['Direction'],
): Promise<MeterAdminWriteResponse> {
  const meter = await requireActiveMeter(db, accountId, meterId);
  await moveInRoute(
    db,
    'devices',
    await selectActiveMetersOfLocation(db, meter.gatewayId),
    meterId,
    direction,
  );
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
