import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

const CHUNK = 500;

/** The columns of the API's `users` and `user_customers` tables that a user of a customer needs. */
export type UserTables = {
  users: {
    id: string;
    email: string;
    name: string;
    password_hash: string;
    role: number;
    reset_password: number;
    disabled: number;
    token_version: number;
    created_at: string;
    updated_at: string;
  };
  user_customers: { user_id: string; customer_id: string };
};

/**
 * `count` customer users (role 2) of one customer, written in chunks straight to the tables, named
 * `{Prefix} 0000`… with e-mails `{prefix}-0000@eksempel.dk`… (no usable password): for lists at scale.
 * Returns their ids.
 */
export async function insertManyUsers(
  db: Kysely<UserTables>,
  options: { customerId: string; count: number; prefix: string },
): Promise<string[]> {
  const stamp = new Date().toISOString();
  const pad = (n: number) => String(n).padStart(4, '0');
  const name = `${options.prefix.charAt(0).toUpperCase()}${options.prefix.slice(1)}`;
  const rows = Array.from({ length: options.count }, (_, i) => ({
    id: randomUUID(),
    email: `${options.prefix}-${pad(i)}@eksempel.dk`,
    name: `${name} ${pad(i)}`,
    password_hash: 'x',
    role: 2,
    reset_password: 0,
    disabled: 0,
    token_version: 0,
    created_at: stamp,
    updated_at: stamp,
  }));
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await db.insertInto('users').values(chunk).execute();
    await db
      .insertInto('user_customers')
      .values(chunk.map((row) => ({ user_id: row.id, customer_id: options.customerId })))
      .execute();
  }
  return rows.map((row) => row.id);
}
