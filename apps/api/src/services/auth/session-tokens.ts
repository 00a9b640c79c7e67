import type { Kysely } from 'kysely';
import { selectTokenVersion } from '../../db/repositories/auth-users.ts';
import { pruneRevokedTokens, revokeToken } from '../../db/repositories/revoked-tokens.ts';
import type { Database } from '../../db/schema.ts';
import { NotSignedInError } from '../../domain/errors.ts';
import type { IssuedToken, TokenService, TokenSubject } from './tokens.ts';

/**
 * Ends the token on every instance (each request checks it against the database), pruning the
 * revocations that have expired anyway; false when it had already been revoked.
 */
export async function revokeSessionToken(
  db: Kysely<Database>,
  session: Pick<TokenSubject, 'tokenId' | 'expiresAt'>,
  now: Date,
): Promise<boolean> {
  const revoked = await revokeToken(db, session);
  await pruneRevokedTokens(db, now);
  return revoked;
}

/**
 * A successor of the session's token, the presented one revoked; the session's absolute end stays.
 * Of parallel refreshes with one token only the one whose revocation went in gets a successor; the
 * others are refused as for a revoked token, so one session never splits into several.
 */
export async function refreshSessionToken(
  deps: { db: Kysely<Database>; tokens: TokenService; now: Date },
  session: TokenSubject,
): Promise<IssuedToken> {
  // The guard has just checked this version against the token; read it again to sign the new one.
  const tokenVersion = await selectTokenVersion(deps.db, session.userId);
  if (tokenVersion === undefined) throw new NotSignedInError();
  if (!(await revokeSessionToken(deps.db, session, deps.now))) throw new NotSignedInError();
  const issued = await deps.tokens.renew(session, tokenVersion);
  if (!issued) throw new NotSignedInError();
  return issued;
}
