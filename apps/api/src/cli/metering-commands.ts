import { DEVICE_TYPES, NameField } from '@maaler/contract';
import { z } from 'zod';
import {
  insertLocation,
  insertMeter,
  insertPoint,
  selectLocation,
  selectMeter,
} from '../db/repositories/metering.ts';
import type { Command } from './cli-context.ts';
import { CliError } from './cli-error.ts';
import { findAnyAccount } from './lookup.ts';
import { parseOptions, requireOption, validOption } from './parse-options.ts';

// Locations, meters and measurement points: what the reading screen offers. The ids printed here are
// the ones the app and the API use (integers).

const IdOption = z.coerce.number().int().positive();
const ShortText = z.string().trim().max(200);
const Unit = z.string().trim().min(1, 'must not be empty').max(20);
const DeviceType = z.enum(DEVICE_TYPES, { error: `must be one of ${DEVICE_TYPES.join(', ')}` });
const ManualFlag = z.enum(['0', '1'], { error: 'must be 1 (read by hand) or 0 (read automatically)' });

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

export const meterAdd: Command = async (args, { db, print }) => {
  const options = parseOptions(args, {
    location: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    manual: { type: 'string' },
    serial: { type: 'string' },
  });
  const locationId = validOption(IdOption, requireOption(options.location, 'location'), 'location');
  const location = await selectLocation(db, locationId);
  if (!location) throw new CliError(`No location has the id ${locationId}`);
  const name = validOption(NameField, requireOption(options.name, 'name'), 'name');
  const type = validOption(DeviceType, requireOption(options.type, 'type'), 'type');
  const manual = validOption(ManualFlag, options.manual ?? '1', 'manual');
  const serial = validOption(ShortText, options.serial ?? '', 'serial');
  const id = await insertMeter(db, {
    locationId: location.id,
    name,
    type,
    manual: manual === '1',
    serialNumber: serial,
  });
  print(`Created meter ${name} (id ${id}) at ${location.name}`);
};

export const pointAdd: Command = async (args, { db, print }) => {
  const options = parseOptions(args, {
    meter: { type: 'string' },
    name: { type: 'string' },
    unit: { type: 'string' },
  });
  const meterId = validOption(IdOption, requireOption(options.meter, 'meter'), 'meter');
  const meter = await selectMeter(db, meterId);
  if (!meter) throw new CliError(`No meter has the id ${meterId}`);
  const name = validOption(NameField, requireOption(options.name, 'name'), 'name');
  const unit = validOption(Unit, requireOption(options.unit, 'unit'), 'unit');
  const id = await insertPoint(db, { meterId: meter.id, name, unit });
  print(`Created measurement point ${name} [${unit}] (id ${id}) on meter ${meter.name}`);
};
