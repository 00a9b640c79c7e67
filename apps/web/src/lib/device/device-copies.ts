import { deviceDatabase } from './device-database';

// Copies on the device of what the reading screen loads per account, so that the cascade works
// without a connection for every account the user has opened (issue 16).

export type CopyKind = 'account-detail' | 'gateway-tree' | 'reading-status';

const keyOf = (userId: string, accountId: string, kind: CopyKind) => `${userId}|${accountId}|${kind}`;

export async function keepCopy(
  userId: string,
  accountId: string,
  kind: CopyKind,
  value: unknown,
): Promise<void> {
  const db = await deviceDatabase();
  await db.put('copies', { key: keyOf(userId, accountId, kind), value, savedAt: Date.now() });
}

export async function readCopy(userId: string, accountId: string, kind: CopyKind): Promise<unknown> {
  const db = await deviceDatabase();
  return (await db.get('copies', keyOf(userId, accountId, kind)))?.value;
}

/**
 * Every account's copies, of every user: at a session's end nothing of an account stays on the device
 * (issue 32 §9); only the readings not yet sent do, which are the user's own.
 */
export async function forgetCopies(): Promise<void> {
  const db = await deviceDatabase();
  await db.clear('copies');
}
