import type { Kysely } from 'kysely';
import type { Database, DeviceCredentialsTable } from '../schema.ts';

export type NewDeviceCredential = Omit<DeviceCredentialsTable, 'revoked_at'>;

/**
 * Stores a credential and revokes the user's live ones beyond the newest `maxLive` (the new one
 * always stays, whatever the clock says about rows issued in the same millisecond).
 */
export async function insertDeviceCredential(
  trx: Kysely<Database>,
  credential: NewDeviceCredential,
  maxLive: number,
): Promise<void> {
  await trx.insertInto('device_credentials').values(credential).execute();
  const others = await trx
    .selectFrom('device_credentials')
    .select('id')
    .where('user_id', '=', credential.user_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', credential.created_at)
    .where('id', '!=', credential.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const surplus = others.slice(maxLive - 1).map((row) => row.id);
  if (surplus.length === 0) return;
  await trx
    .updateTable('device_credentials')
    .set({ revoked_at: credential.created_at })
    .where('id', 'in', surplus)
    .execute();
}

/** A credential with what its exchange checks of its user as the database has them now. */
export function selectCredentialWithUser(db: Kysely<Database>, credentialId: string) {
  return db
    .selectFrom('device_credentials as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.secret_hash',
      'c.token_version',
      'c.session_started_at',
      'c.expires_at',
      'c.revoked_at',
      'u.id as user_id',
      'u.email',
      'u.name',
      'u.role',
      'u.disabled',
      'u.reset_password',
      'u.token_version as user_token_version',
    ])
    .where('c.id', '=', credentialId)
    .executeTakeFirst();
}

/** Ends the credentials issued in one session (its logout). */
export async function revokeSessionCredentials(
  db: Kysely<Database>,
  session: { userId: string; sessionStartedAt: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('device_credentials')
    .set({ revoked_at: now })
    .where('user_id', '=', session.userId)
    .where('session_started_at', '=', session.sessionStartedAt)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every credential of the user (a new password, disabling). */
export async function revokeUserCredentials(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('device_credentials')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Drops credentials past their session's end, revoked or not: nothing can use them any more. */
export async function pruneExpiredCredentials(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('device_credentials').where('expires_at', '<=', now).execute();
}
