import type { Kysely } from 'kysely';
import {
  type Named,
  selectAccountsByIdOrName,
  selectCustomersByIdOrName,
} from '../db/repositories/organisation.ts';
import type { Database } from '../db/schema.ts';
import { CliError } from './cli-error.ts';

/** A customer by id or exact name; an ambiguous name is an error that lists the candidates' ids. */
export async function findCustomer(db: Kysely<Database>, idOrName: string): Promise<Named> {
  return single(await selectCustomersByIdOrName(db, idOrName), idOrName, 'customer');
}

/** An account by id or exact name, among the accounts of the given customers. */
export async function findAccount(
  db: Kysely<Database>,
  idOrName: string,
  customerIds: string[],
): Promise<Named> {
  const rows = await selectAccountsByIdOrName(db, idOrName, customerIds);
  return single(rows, idOrName, 'account of the given customer(s)');
}

/** An account by id or exact name among all customers' accounts (an operator sees everything). */
export async function findAnyAccount(db: Kysely<Database>, idOrName: string): Promise<Named> {
  return single(await selectAccountsByIdOrName(db, idOrName, null), idOrName, 'account');
}

function single(rows: Named[], idOrName: string, what: string): Named {
  const exact = rows.find((r) => r.id === idOrName.toLowerCase());
  if (exact) return exact;
  const [first, ...others] = rows;
  if (!first) throw new CliError(`No ${what} has the id or name "${idOrName}"`);
  if (others.length > 0) {
    throw new CliError(`"${idOrName}" names several; use one of the ids ${rows.map((r) => r.id).join(', ')}`);
  }
  return first;
}
