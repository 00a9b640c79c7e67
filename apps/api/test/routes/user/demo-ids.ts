import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema.ts';

// The demo seed generates its ids; tests look them up by the names the demo data gives.

export async function userIdOf(db: Kysely<Database>, email: string): Promise<string> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

export async function customerIdOf(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function accountIdOf(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db.selectFrom('accounts').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export const CUSTOMERS = {
  soparken: 'Boligforeningen Søparken',
  norrevang: 'Ejendomsselskabet Nørrevang A/S',
  klover: 'Andelsboligforeningen Kløverhuse',
} as const;

export const ACCOUNTS = {
  soparken1: 'Søparken afdeling 1',
  soparken2: 'Søparken afdeling 2',
  norrevang: 'Nørrevang erhvervslejemål',
  klover: 'Kløverhuse',
} as const;

/** A comma-separated guid list as a sorted array, for comparisons that do not depend on order. */
export const sortedList = (list: string): string[] => (list === '' ? [] : list.split(',').sort());
