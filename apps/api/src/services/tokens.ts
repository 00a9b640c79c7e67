import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export type TokenSubject = { userId: string; tokenVersion: number };
export type IssuedToken = { token: string; expires: Date };

export type TokenService = {
  issue(subject: TokenSubject): Promise<IssuedToken>;
  /** null for anything but a valid, unexpired HS256 token signed by us. */
  verify(token: string): Promise<TokenSubject | null>;
};

const ALGORITHM = 'HS256';
/** Tokens whose signature was checked already; each request of a session presents the same token. */
const MAX_VERIFIED_TOKENS = 10_000;

type VerifiedToken = { subject: TokenSubject; expiresAtSeconds: number };

export async function createTokenService(options: {
  db: Kysely<Database>;
  configuredSecret: string | undefined;
  ttlSeconds: number;
  clock: Clock;
}): Promise<TokenService> {
  const secret = new TextEncoder().encode(options.configuredSecret ?? (await storedSecret(options.db)));
  // Imported once: jose would import a raw secret again on every call, which cost more than the HMAC.
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const { ttlSeconds, clock } = options;
  const verified = new Map<string, VerifiedToken>();

  /** A token's signature never changes its verdict; only its expiry needs checking on every use. */
  function rememberVerified(token: string, entry: VerifiedToken): void {
    verified.set(token, entry);
    if (verified.size > MAX_VERIFIED_TOKENS) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
  }

  return {
    async issue({ userId, tokenVersion }) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const expires = new Date((issuedAt + ttlSeconds) * 1000);
      const token = await new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
      return { token, expires };
    },
    async verify(token) {
      const now = clock.now();
      const known = verified.get(token);
      // As jose decides: expired once `exp` is not after the current whole second.
      if (known) return known.expiresAtSeconds > Math.floor(now.getTime() / 1000) ? known.subject : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: now });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        const subject = { userId: payload.sub, tokenVersion: payload.tv };
        if (typeof payload.exp === 'number')
          rememberVerified(token, { subject, expiresAtSeconds: payload.exp });
        return subject;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Without JWT_SECRET the signing key is generated once and kept in the database (never in the repo),
 * so every instance on the same database signs and verifies with the same key.
 */
async function storedSecret(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'jwt')
    .executeTakeFirstOrThrow();
  return row.value;
}
