import {
  integerDigits,
  isoDateInCopenhagen,
  isReadingDateAllowed,
  METER_CHANGE_ERRORS,
  type MeterChangeRequest,
  type MeterChangeResponse,
  MIN_READING_DATE,
  normalizeReadingValue,
  parseUsDate,
  registerRefusalText,
  subtractDecimal,
  toWireValue,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  insertMeterChange,
  insertReplacementMeter,
  type MeterToReplace,
  retireMeter,
  selectLatestReadingDate,
  selectLatestReadingsBefore,
  selectMeterToReplace,
} from '../../db/repositories/meter-changes.ts';
import { moveResident } from '../../db/repositories/meter-residents.ts';
import {
  lockCustomerForPlanning,
  selectCustomerMeterBySerial,
  serialTaken,
  unlessSerialTaken,
} from '../../db/repositories/meter-serials.ts';
import type { ReadingWrite } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError, ReadingRefusedError } from '../../domain/errors.ts';
import { storeReadings } from './readings.ts';

export type ChangeMeter = {
  accountId: string;
  userId: string;
  deviceId: number;
  change: MeterChangeRequest;
  now: Date;
};

/**
 * Replaces a meter inside the caller's transaction (ADR 019): the old meter's final readings and the
 * new meter's start readings on the day, the new meter in the old one's place with the same points,
 * the old one retired. Throws 404 for a meter outside the account and the 406 of the first broken
 * rule before anything is written.
 */
export async function changeMeter(trx: Kysely<Database>, request: ChangeMeter): Promise<MeterChangeResponse> {
  await lockCustomerForPlanning(trx, request.accountId);
  const old = await selectMeterToReplace(trx, request.accountId, request.deviceId);
  if (!old) throw new NotFoundError();
  if (old.retiredAt !== null) throw new ReadingRefusedError(METER_CHANGE_ERRORS.meterRetired);
  const changedOn = await validChangeDate(trx, old, request.change.dateRecord, request.now);
  const values = validValues(old, request.change);
  await refuseFinalBelowLatest(trx, old, values, changedOn);
  const serial = request.change.serialNumber;
  if (await selectCustomerMeterBySerial(trx, request.accountId, serial)) {
    throw new ReadingRefusedError(METER_CHANGE_ERRORS.serialTaken(serial));
  }

  const at = request.now.toISOString();
  const replacement = await unlessSerialTaken(trx, () => insertReplacementMeter(trx, old, serial, changedOn));
  if (replacement === serialTaken) throw new ReadingRefusedError(METER_CHANGE_ERRORS.serialTaken(serial));
  await retireMeter(trx, old.id, at);
  // The resident lives at the place, not on the meter: their contact follows to the new one (ADR 039).
  await moveResident(trx, old.id, replacement.deviceId);
  const { points } = replacement;
  await insertMeterChange(trx, {
    oldDeviceId: old.id,
    newDeviceId: replacement.deviceId,
    changedOn,
    by: request.userId,
    at,
    points,
  });
  const reading = (deviceItemId: number, value: string): ReadingWrite => ({
    deviceItemId,
    dateRecord: changedOn,
    value,
    at,
    by: request.userId,
    plausibilityOverride: 0,
    // The change's own rules judge these values (final not below the latest, ADR 019).
    needsReview: 0,
    source: 'web',
    enteredAt: null,
    // Both readings of the day are the change's (ADR 046): `Målerskift` in history and exports.
    reason: 'meter-change',
  });
  await storeReadings(
    trx,
    points.flatMap(({ oldItemId, newItemId }) => {
      const { finalValue, startValue } = values.get(oldItemId) ?? { finalValue: '', startValue: '' };
      return [reading(oldItemId, finalValue), reading(newItemId, startValue)];
    }),
  );
  return {
    Success: true,
    Message: '',
    DeviceId: replacement.deviceId,
    GatewayId: old.gatewayId,
    Points: points.map((point) => ({ OldDeviceItemId: point.oldItemId, DeviceItemId: point.newItemId })),
  };
}

/** The change's ISO date: a real date from the old meter's latest reading (that day included) up to today. */
async function validChangeDate(
  trx: Kysely<Database>,
  old: MeterToReplace,
  dateRecord: string,
  now: Date,
): Promise<string> {
  const date = parseUsDate(dateRecord);
  if (date === null) throw new ReadingRefusedError(METER_CHANGE_ERRORS.dateInvalid);
  if (date < MIN_READING_DATE) throw new ReadingRefusedError(METER_CHANGE_ERRORS.dateTooEarly);
  if (!isReadingDateAllowed(date, isoDateInCopenhagen(now))) {
    throw new ReadingRefusedError(METER_CHANGE_ERRORS.dateInFuture);
  }
  const latest = await selectLatestReadingDate(
    trx,
    old.points.map((point) => point.id),
  );
  if (latest !== null && date < latest) {
    throw new ReadingRefusedError(METER_CHANGE_ERRORS.dateBeforeLastReading(latest));
  }
  return date;
}

type PointValues = { finalValue: string; startValue: string };

/** Canonical final and start values per old point; every point of the meter exactly once. */
function validValues(old: MeterToReplace, change: MeterChangeRequest): Map<number, PointValues> {
  const byId = new Map<number, PointValues>();
  for (const given of change.points) {
    const point = old.points.find((candidate) => candidate.id === given.deviceItemId);
    if (!point || byId.has(point.id)) throw new ReadingRefusedError(METER_CHANGE_ERRORS.pointsMismatch);
    const finalValue = normalizeReadingValue(given.finalValue);
    if (finalValue === null) throw new ReadingRefusedError(METER_CHANGE_ERRORS.finalValueInvalid(point.name));
    const startValue = normalizeReadingValue(given.startValue);
    if (startValue === null) throw new ReadingRefusedError(METER_CHANGE_ERRORS.startValueInvalid(point.name));
    // The new meter's points take the old one's register (ADR 020), so both values must fit it.
    const { registerDigits } = point;
    if (
      registerDigits !== null &&
      Math.max(integerDigits(finalValue), integerDigits(startValue)) > registerDigits
    ) {
      throw new ReadingRefusedError(
        registerRefusalText(point.name, { kind: 'too-many-digits', registerDigits }),
      );
    }
    byId.set(point.id, { finalValue, startValue });
  }
  if (byId.size !== old.points.length) throw new ReadingRefusedError(METER_CHANGE_ERRORS.pointsMismatch);
  return byId;
}

/** The old meter's last stretch (final − previous) is never negative: a final below its latest reading is refused. */
async function refuseFinalBelowLatest(
  trx: Kysely<Database>,
  old: MeterToReplace,
  values: ReadonlyMap<number, PointValues>,
  changedOn: string,
): Promise<void> {
  const latest = await selectLatestReadingsBefore(
    trx,
    old.points.map((point) => point.id),
    changedOn,
  );
  for (const point of old.points) {
    const previous = latest.find((row) => row.itemId === point.id);
    const finalValue = values.get(point.id)?.finalValue;
    if (!previous || finalValue === undefined) continue;
    if (subtractDecimal(finalValue, previous.value).startsWith('-')) {
      throw new ReadingRefusedError(
        METER_CHANGE_ERRORS.finalBelowLast(point.name, toWireValue(previous.value)),
      );
    }
  }
}
