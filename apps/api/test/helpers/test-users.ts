import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insertUser } from '../../src/db/repositories/users.ts';
import type { Database } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/services/auth/passwords.ts';
import { DEMO_PASSWORD } from '../../src/startup/demo/demo-data.ts';

let demoHash: Promise<string> | undefined;

/**
 * A user with the demo password and the given memberships, written straight to the tables (no reset
 * flag, enabled); returns the new user's id.
 */
export async function insertTestUser(
  db: Kysely<Database>,
  user: { email: string; role: number; name?: string; customerIds: string[]; accountIds: string[] },
): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const id = randomUUID();
  const stamp = new Date().toISOString();
  await insertUser(
    db,
    {
      id,
      email: user.email,
      name: user.name ?? user.email,
      password_hash: await demoHash,
      role: user.role,
      reset_password: 0,
      created_at: stamp,
      updated_at: stamp,
    },
    { customerIds: user.customerIds, accountIds: user.accountIds },
  );
  return id;
}

/**
 * `count` customer users (role 2) of one customer, written in chunks straight to the tables, named
 * `{Prefix} 0000`… with e-mails `{prefix}-0000@eksempel.dk`… (no usable password): for lists at scale.
 * Returns their ids.
 */
export async function insertManyUsers(
  db: Kysely<Database>,
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
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await db.insertInto('users').values(chunk).execute();
    await db
      .insertInto('user_customers')
      .values(chunk.map((row) => ({ user_id: row.id, customer_id: options.customerId })))
      .execute();
  }
  return rows.map((row) => row.id);
}
