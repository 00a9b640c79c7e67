import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Ends a token before its expiry. Answers whether this call revoked it: false when it was revoked
 * already (by an earlier or a concurrent call), which a refresh uses to hand out one successor only.
 */
export async function revokeToken(
  db: Kysely<Database>,
  token: { tokenId: string; expiresAt: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('revoked_tokens')
    .values({ jti: token.tokenId, expires_at: token.expiresAt.toISOString() })
    .onConflict((oc) => oc.column('jti').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Drops revocations of tokens that have expired anyway, so the table holds only live sessions' ends. */
export async function pruneRevokedTokens(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now.toISOString()).execute();
}
