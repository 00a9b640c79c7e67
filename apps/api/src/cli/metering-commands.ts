import { DEVICE_TYPES, NameField } from '@maaler/contract';
import { z } from 'zod';
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
  const row = await db
    .insertInto('gateways')
    .values({ account_id: account.id, name, address })
    .returning('id')
    .executeTakeFirstOrThrow();
  print(`Created location ${name} (id ${row.id}) for account ${account.name}`);
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
  const location = await db
    .selectFrom('gateways')
    .select(['id', 'name'])
    .where('id', '=', locationId)
    .executeTakeFirst();
  if (!location) throw new CliError(`No location has the id ${locationId}`);
  const name = validOption(NameField, requireOption(options.name, 'name'), 'name');
  const type = validOption(DeviceType, requireOption(options.type, 'type'), 'type');
  const manual = validOption(ManualFlag, options.manual ?? '1', 'manual');
  const serial = validOption(ShortText, options.serial ?? '', 'serial');
  const row = await db
    .insertInto('devices')
    .values({ gateway_id: location.id, name, type, manual: Number(manual), serial_number: serial })
    .returning('id')
    .executeTakeFirstOrThrow();
  print(`Created meter ${name} (id ${row.id}) at ${location.name}`);
};

export const pointAdd: Command = async (args, { db, print }) => {
  const options = parseOptions(args, {
    meter: { type: 'string' },
    name: { type: 'string' },
    unit: { type: 'string' },
  });
  const meterId = validOption(IdOption, requireOption(options.meter, 'meter'), 'meter');
  const meter = await db
    .selectFrom('devices')
    .select(['id', 'name'])
    .where('id', '=', meterId)
    .executeTakeFirst();
  if (!meter) throw new CliError(`No meter has the id ${meterId}`);
  const name = validOption(NameField, requireOption(options.name, 'name'), 'name');
  const unit = validOption(Unit, requireOption(options.unit, 'unit'), 'unit');
  const row = await db
    .insertInto('device_items')
    .values({ device_id: meter.id, name, unit })
    .returning('id')
    .executeTakeFirstOrThrow();
  print(`Created measurement point ${name} [${unit}] (id ${row.id}) on meter ${meter.name}`);
};
