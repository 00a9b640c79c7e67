import { randomUUID } from 'node:crypto';
import { CustomerSaveRequest, NameField } from '@maaler/contract';
import { insertAccount, insertCustomer, selectAccountsByIdOrName } from '../db/repositories/organisation.ts';
import type { Command } from './cli-context.ts';
import { CliError } from './cli-error.ts';
import { findCustomer } from './lookup.ts';
import { parseOptions, requireOption, validOption } from './parse-options.ts';

export const customerAdd: Command = async (args, { db, print, now }) => {
  const options = parseOptions(args, {
    name: { type: 'string' },
    address: { type: 'string' },
    postal: { type: 'string' },
    town: { type: 'string' },
  });
  const parsed = CustomerSaveRequest.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`--${String(issue?.path[0] ?? 'name')}: ${issue?.message ?? 'invalid value'}`);
  }
  const id = randomUUID();
  await insertCustomer(db, { id, ...parsed.data, createdAt: now().toISOString() });
  print(`Created customer ${parsed.data.name} (${id})`);
};

export const accountAdd: Command = async (args, { db, print, now }) => {
  const options = parseOptions(args, { customer: { type: 'string' }, name: { type: 'string' } });
  const customer = await findCustomer(db, requireOption(options.customer, 'customer'));
  const name = validOption(NameField, requireOption(options.name, 'name'), 'name');
  const clash = (await selectAccountsByIdOrName(db, name, [customer.id])).find((a) => a.name === name);
  if (clash) throw new CliError(`${customer.name} already has an account named "${name}" (${clash.id})`);
  const id = randomUUID();
  await insertAccount(db, { id, customerId: customer.id, name, createdAt: now().toISOString() });
  print(`Created account ${name} (${id}) for ${customer.name}`);
};
