import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Ends a token before its expiry; revoking it twice changes nothing. */
export async function revokeToken(
  db: Kysely<Database>,
  token: { tokenId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti: token.tokenId, expires_at: token.expiresAt.toISOString() })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Drops revocations of tokens that have expired anyway, so the table holds only live sessions' ends. */
export async function pruneRevokedTokens(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now.toISOString()).execute();
}
