import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { CliError } from './cli-error.ts';

type Named = { id: string; name: string };

/** A customer by id or exact name; an ambiguous name is an error that lists the candidates' ids. */
export async function findCustomer(db: Kysely<Database>, idOrName: string): Promise<Named> {
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('id', '=', idOrName.toLowerCase()), eb('name', '=', idOrName)]))
    .execute();
  return single(rows, idOrName, 'customer');
}

/** An account by id or exact name, among the accounts of the given customers. */
export async function findAccount(
  db: Kysely<Database>,
  idOrName: string,
  customerIds: string[],
): Promise<Named> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('customer_id', 'in', customerIds)
    .where((eb) => eb.or([eb('id', '=', idOrName.toLowerCase()), eb('name', '=', idOrName)]))
    .execute();
  return single(rows, idOrName, 'account of the given customer(s)');
}

/** An account by id or exact name among all customers' accounts (an operator sees everything). */
export async function findAnyAccount(db: Kysely<Database>, idOrName: string): Promise<Named> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('id', '=', idOrName.toLowerCase()), eb('name', '=', idOrName)]))
    .execute();
  return single(rows, idOrName, 'account');
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
