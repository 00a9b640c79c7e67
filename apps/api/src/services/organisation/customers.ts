import { type Customer, splitGuidList } from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  type CustomerFields,
  type CustomerRow,
  selectCustomer,
  selectCustomersOfUser,
  updateCustomer,
} from '../../db/repositories/customers.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { byDanishName } from '../shared/danish-order.ts';

function toCustomer(row: CustomerRow): Customer {
  return { guid: row.id, name: row.name, address: row.address, postal: row.postal, town: row.town };
}

/**
 * The customers of a comma-separated guid list that the user belongs to, in Danish name order. Ids
 * that are not theirs are left out silently, exactly like ids that do not exist.
 */
export async function customersFromList(
  db: Kysely<Database>,
  user: AuthUser,
  guidList: string,
): Promise<Customer[]> {
  const ids = [...new Set(splitGuidList(guidList))];
  const rows = await selectCustomersOfUser(db, user.id, ids);
  return rows.sort(byDanishName).map(toCustomer);
}

/** The customer by id. The caller checks that the user reaches it. */
export async function customerById(db: Kysely<Database>, customerId: string): Promise<Customer> {
  const row = await selectCustomer(db, customerId);
  if (!row) throw new NotFoundError();
  return toCustomer(row);
}

/** Stores the customer's name and address. The caller checks that the user administers it. */
export async function saveCustomer(
  db: Kysely<Database>,
  customerId: string,
  fields: CustomerFields,
): Promise<void> {
  await updateCustomer(db, customerId, fields);
}
