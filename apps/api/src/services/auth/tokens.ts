import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { storedSecret } from '../../db/repositories/app-secrets.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../shared/clock.ts';

/** What a valid token says; `tokenId` is its `jti`, `sessionStartedAt` its `auth_time` (seconds). */
export type TokenSubject = {
  userId: string;
  tokenVersion: number;
  tokenId: string;
  sessionStartedAt: number;
  expiresAt: Date;
};
export type IssuedToken = { token: string; expires: Date };

export type TokenService = {
  /** The first token of a new session (login). */
  issue(subject: { userId: string; tokenVersion: number }): Promise<IssuedToken>;
  /**
   * A new token for the session `previous` belongs to (refresh, password change, a device
   * credential's exchange), expiring no later than the session's absolute end; null once that end
   * has come.
   */
  renew(
    previous: Pick<TokenSubject, 'userId' | 'sessionStartedAt'>,
    tokenVersion: number,
  ): Promise<IssuedToken | null>;
  /** null for anything but a valid, unexpired HS256 token signed by us for this API. */
  verify(token: string): Promise<TokenSubject | null>;
};

const ALGORITHM = 'HS256';
export const TOKEN_ISSUER = 'maaleraflaesning-api';
export const TOKEN_AUDIENCE = 'maaleraflaesning-app';
/** Tokens whose signature was checked already; each request of a session presents the same token. */
const MAX_VERIFIED_TOKENS = 10_000;

export async function createTokenService(options: {
  db: Kysely<Database>;
  configuredSecret: string | undefined;
  ttlSeconds: number;
  /** Absolute session lifetime from login: refreshes never carry a session past it. */
  sessionMaxSeconds: number;
  clock: Clock;
}): Promise<TokenService> {
  const secret = new TextEncoder().encode(
    options.configuredSecret ?? (await storedSecret(options.db, 'jwt')),
  );
  // Imported once: jose would import a raw secret again on every call, which cost more than the HMAC.
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const { ttlSeconds, sessionMaxSeconds, clock } = options;
  const verified = new Map<string, TokenSubject>();
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  /** A token's signature never changes its verdict; only its expiry needs checking on every use. */
  function rememberVerified(token: string, subject: TokenSubject): void {
    verified.set(token, subject);
    if (verified.size > MAX_VERIFIED_TOKENS) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
  }

  async function sign(userId: string, tokenVersion: number, sessionStartedAt: number) {
    const issuedAt = nowSeconds();
    const expiresAt = Math.min(issuedAt + ttlSeconds, sessionStartedAt + sessionMaxSeconds);
    if (expiresAt <= issuedAt) return null;
    const token = await new SignJWT({ tv: tokenVersion, auth_time: sessionStartedAt })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(key);
    return { token, expires: new Date(expiresAt * 1000) };
  }

  return {
    async issue({ userId, tokenVersion }) {
      const issued = await sign(userId, tokenVersion, nowSeconds());
      if (!issued) throw new Error('TOKEN_TTL_SECONDS and SESSION_MAX_SECONDS must be positive');
      return issued;
    },
    renew: (previous, tokenVersion) => sign(previous.userId, tokenVersion, previous.sessionStartedAt),
    async verify(token) {
      const known = verified.get(token);
      // As jose decides: expired once `exp` is not after the current whole second.
      if (known) return known.expiresAt.getTime() / 1000 > nowSeconds() ? known : null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
          currentDate: clock.now(),
        });
        const { sub, jti, exp, tv, auth_time: authTime } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return null;
        if (typeof tv !== 'number' || typeof authTime !== 'number') return null;
        const subject = {
          userId: sub,
          tokenVersion: tv,
          tokenId: jti,
          sessionStartedAt: authTime,
          expiresAt: new Date(exp * 1000),
        };
        rememberVerified(token, subject);
        return subject;
      } catch {
        return null;
      }
    },
  };
}
