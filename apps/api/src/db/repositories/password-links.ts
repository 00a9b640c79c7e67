import type { Kysely } from 'kysely';
import type { Database, PasswordLinksTable } from '../schema.ts';

export async function insertPasswordLink(
  db: Kysely<Database>,
  link: Pick<PasswordLinksTable, 'token_hash' | 'user_id' | 'purpose' | 'expires_at' | 'created_at'>,
): Promise<void> {
  await db.insertInto('password_links').values(link).execute();
}

/**
 * Uses a link in one statement: only an unused, unexpired link is marked, so two uses at once cannot
 * both succeed. Answers the user it sets a password for, or undefined.
 */
export async function consumePasswordLink(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string; purpose: PasswordLinksTable['purpose'] } | undefined> {
  const stamp = now.toISOString();
  const row = await db
    .updateTable('password_links')
    .set({ used_at: stamp })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', stamp)
    .returning(['user_id', 'purpose'])
    .executeTakeFirst();
  return row && { userId: row.user_id, purpose: row.purpose };
}

/** Ends every other open link of the user (their password is set now) and drops links long expired. */
export async function retirePasswordLinks(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable('password_links')
    .set({ used_at: stamp })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await db.deleteFrom('password_links').where('expires_at', '<', stamp).execute();
}
