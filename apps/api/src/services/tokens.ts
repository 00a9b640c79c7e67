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

export async function createTokenService(options: {
  db: Kysely<Database>;
  configuredSecret: string | undefined;
  ttlSeconds: number;
  clock: Clock;
}): Promise<TokenService> {
  const key = new TextEncoder().encode(options.configuredSecret ?? (await storedSecret(options.db)));
  const { ttlSeconds, clock } = options;

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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: clock.now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        return { userId: payload.sub, tokenVersion: payload.tv };
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
