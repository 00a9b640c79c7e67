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
