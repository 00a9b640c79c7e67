import {
  DEVICE_TYPES,
  InstalledOn,
  isoDateInCopenhagen,
  MAX_ID,
  NameField,
  RegisterDigits,
  SerialNumber,
  Unit,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  lockCustomerForPlanning,
  selectCustomerMeterBySerial,
  selectMeterBySerial,
} from '../db/repositories/meter-serials.ts';
import {
  insertLocation,
  insertMeter,
  insertPoint,
  selectLocation,
  selectMeter,
  updateSequence,
  updateSerialNumber,
} from '../db/repositories/metering.ts';
import type { Database } from '../db/schema.ts';
import type { Command } from './cli-context.ts';
import { CliError } from './cli-error.ts';
import { findAnyAccount } from './lookup.ts';
import { parseOptions, requireOption, validOption } from './parse-options.ts';

// Locations, meters and measurement points: what the reading screen offers. The ids printed here are
// the ones the app and the API use (integers).

const IdOption = z.coerce.number().int().positive();
const ShortText = z.string().trim().max(200);
const DeviceType = z.enum(DEVICE_TYPES, { error: `must be one of ${DEVICE_TYPES.join(', ')}` });
const ManualFlag = z.enum(['0', '1'], { error: 'must be 1 (read by hand) or 0 (read automatically)' });
/** A place in the route, lowest first; `none` puts it back among those ordered by name. */
const SequenceOption = z
  .string()
  .regex(/^(?:\d{1,10}|none)$/, 'must be a whole number from 0 up, or none (back to name order)')
  .transform((value) => (value === 'none' ? null : Number(value)))
  .refine((value) => value === null || value <= MAX_ID, `must be at most ${MAX_ID}`);
/** The register's integer digits (ADR 020). */
const DigitsOption = z
  .string()
  .regex(/^\d{1,2}$/, 'must be a whole number')
  .transform(Number)
  .pipe(RegisterDigits.def.innerType);
const CountsUpOnlyFlag = z.enum(['0', '1'], { error: 'must be 1 (never resets) or 0 (not declared)' });

async function requireLocation(db: Kysely<Database>, option: string | undefined) {
  const locationId = validOption(IdOption, requireOption(option, 'location'), 'location');
  const location = await selectLocation(db, locationId);
  if (!location) throw new CliError(`No location has the id ${locationId}`);
  return location;
}

async function requireMeter(db: Kysely<Database>, option: string | undefined) {
  const meterId = validOption(IdOption, requireOption(option, 'meter'), 'meter');
  const meter = await selectMeter(db, meterId);
  if (!meter) throw new CliError(`No meter has the id ${meterId}`);
  return meter;
}

/**
 * A serial number is unique within the customer (ignoring case, retired meters included), so
 * findbyserial finds one meter. Takes the planning lock first, as the API's writes do.
 */
async function requireFreeSerial(db: Kysely<Database>, accountId: string, serial: string, meterId?: number) {
  await lockCustomerForPlanning(db, accountId);
  const holder = await selectCustomerMeterBySerial(db, accountId, serial);
  if (holder && holder.deviceId !== meterId) {
    throw new CliError(
      `The meter ${holder.deviceName} (id ${holder.deviceId}) at ${holder.gatewayName} already has the serial number ${holder.serial} in this customer`,
    );
  }
}

const placeText = (sequence: number | null) =>
  sequence === null ? 'now follows in name order' : `now has place ${sequence} in the route`;

export const locationAdd: Command = async (args, { db, print }) => {
  const options = parseOptions(args, {
    account: { type: 'string' },
    name: { type: 'string' },
    address: { type: 'string' },
  });
  const account = await findAnyAccount(db, requireOption(options.account, 'account'));
  const name = validOption(NameField, requireOption(options.name, 'name'), 'name');
  const address = validOption(ShortText, options.address ?? '', 'address');
  const id = await insertLocation(db, { accountId: account.id, name, address });
  print(`Created location ${name} (id ${id}) for account ${account.name}`);
};

export const locationSequence: Command = async (args, { db, print }) => {
  const options = parseOptions(args, { location: { type: 'string' }, sequence: { type: 'string' } });
  const location = await requireLocation(db, options.location);
  const sequence = validOption(SequenceOption, requireOption(options.sequence, 'sequence'), 'sequence');
  await updateSequence(db, 'gateways', location.id, sequence);
  print(`Location ${location.name} (id ${location.id}) ${placeText(sequence)}`);
};

/**
 * A location's whole route in one go: the meters with these serial numbers take places 1, 2, … in
 * the order given; the location's other meters keep their places.
 */
export const locationRoute: Command = async (args, { db, print }) => {
  const options = parseOptions(args, { location: { type: 'string' }, serials: { type: 'string' } });
  const location = await requireLocation(db, options.location);
  const serials = requireOption(options.serials, 'serials')
    .split(',')
    .map((serial) => validOption(SerialNumber, serial, 'serials'));
  const folded = serials.map((serial) => serial.toLowerCase());
  const repeated = serials.find((_, index) => folded.indexOf(folded[index] ?? '') !== index);
  if (repeated !== undefined) throw new CliError(`The serial number ${repeated} is named twice`);
  await db.transaction().execute(async (trx) => {
    for (const [index, serial] of serials.entries()) {
      const meter = await selectMeterBySerial(trx, location.accountId, serial);
      if (meter?.gatewayId !== location.id) {
        throw new CliError(`No meter at ${location.name} has the serial number ${serial}`);
      }
      await updateSequence(trx, 'devices', meter.deviceId, index + 1);
    }
  });
  print(`Location ${location.name} (id ${location.id}): ${serials.length} meters in route order`);
};

export const meterAdd: Command = async (args, { db, print, now }) => {
  const options = parseOptions(args, {
    location: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    manual: { type: 'string' },
    serial: { type: 'string' },
    'installed-on': { type: 'string' },
  });
  const location = await requireLocation(db, options.location);
  const name = validOption(NameField, requireOption(options.name, 'name'), 'name');
  const type = validOption(DeviceType, requireOption(options.type, 'type'), 'type');
  const manual = validOption(ManualFlag, options.manual ?? '1', 'manual');
  const serial = options.serial === undefined ? '' : validOption(SerialNumber, options.serial, 'serial');
  const installedOption = options['installed-on'];
  const installedOn =
    installedOption === undefined ? null : validOption(InstalledOn, installedOption, 'installed-on');
  const id = await db.transaction().execute(async (trx) => {
    if (serial !== '') await requireFreeSerial(trx, location.accountId, serial);
    return insertMeter(trx, {
      locationId: location.id,
      name,
      type,
      manual: manual === '1',
      serialNumber: serial,
      installedOn,
      addedOn: isoDateInCopenhagen(now()),
    });
  });
  print(`Created meter ${name} (id ${id}) at ${location.name}`);
};

export const meterSequence: Command = async (args, { db, print }) => {
  const options = parseOptions(args, { meter: { type: 'string' }, sequence: { type: 'string' } });
  const meter = await requireMeter(db, options.meter);
  const sequence = validOption(SequenceOption, requireOption(options.sequence, 'sequence'), 'sequence');
  await updateSequence(db, 'devices', meter.id, sequence);
  print(`Meter ${meter.name} (id ${meter.id}) ${placeText(sequence)} of its location`);
};

export const meterSerial: Command = async (args, { db, print }) => {
  const options = parseOptions(args, { meter: { type: 'string' }, serial: { type: 'string' } });
  const meter = await requireMeter(db, options.meter);
  const serial = validOption(SerialNumber, requireOption(options.serial, 'serial'), 'serial');
  await db.transaction().execute(async (trx) => {
    await requireFreeSerial(trx, meter.accountId, serial, meter.id);
    await updateSerialNumber(trx, meter.id, serial);
  });
  print(`Meter ${meter.name} (id ${meter.id}) has the serial number ${serial}`);
};

export const pointAdd: Command = async (args, { db, print }) => {
  const options = parseOptions(args, {
    meter: { type: 'string' },
    name: { type: 'string' },
    unit: { type: 'string' },
    digits: { type: 'string' },
    'counts-up-only': { type: 'string' },
  });
  const meter = await requireMeter(db, options.meter);
  const name = validOption(NameField, requireOption(options.name, 'name'), 'name');
  const unit = validOption(Unit, requireOption(options.unit, 'unit'), 'unit');
  const registerDigits =
    options.digits === undefined ? null : validOption(DigitsOption, options.digits, 'digits');
  const countsUpOnly = validOption(CountsUpOnlyFlag, options['counts-up-only'] ?? '0', 'counts-up-only');
  const id = await insertPoint(db, {
    meterId: meter.id,
    name,
    unit,
    registerDigits,
    countsUpOnly: countsUpOnly === '1',
  });
  print(`Created measurement point ${name} [${unit}] (id ${id}) on meter ${meter.name}`);
};
