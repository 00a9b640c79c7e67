import { decodeJwt, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/schema.ts';
import { createTokenService, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../../src/services/auth/tokens.ts';
import { testClock } from '../../helpers/test-app.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
// A configured secret means the service never touches the database.
const noDatabase = {} as Kysely<Database>;

async function service(
  secret = SECRET,
  clock = testClock(),
  { ttlSeconds = 60, sessionMaxSeconds = 600 } = {},
) {
  return {
    clock,
    tokens: await createTokenService({
      db: noDatabase,
      configuredSecret: secret,
      ttlSeconds,
      sessionMaxSeconds,
      clock,
    }),
  };
}

describe('token service', () => {
  it('verifies its own tokens, again and again', async () => {
    const { tokens } = await service();
    const { token } = await tokens.issue({ userId: 'u1', tokenVersion: 3 });
    const subject = await tokens.verify(token);
    expect(subject).toMatchObject({ userId: 'u1', tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual(subject);
  });

  it('gives every token its own jti, and names issuer, audience and the session start', async () => {
    const { tokens, clock } = await service();
    const first = await tokens.issue({ userId: 'u1', tokenVersion: 0 });
    const second = await tokens.issue({ userId: 'u1', tokenVersion: 0 });
    const claims = decodeJwt(first.token);
    expect(claims).toMatchObject({
      sub: 'u1',
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      auth_time: Math.floor(clock.now().getTime() / 1000),
    });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(decodeJwt(second.token).jti).not.toBe(claims.jti);
  });

  it('refuses a token of ours for another audience or issuer, or without a jti', async () => {
    const { tokens, clock } = await service();
    const key = new TextEncoder().encode(SECRET);
    const now = Math.floor(clock.now().getTime() / 1000);
    const signed = (claims: { iss?: string; aud?: string; jti?: string }) => {
      let jwt = new SignJWT({ tv: 0, auth_time: now })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u1')
        .setIssuedAt(now)
        .setExpirationTime(now + 60);
      if (claims.iss) jwt = jwt.setIssuer(claims.iss);
      if (claims.aud) jwt = jwt.setAudience(claims.aud);
      if (claims.jti) jwt = jwt.setJti(claims.jti);
      return jwt.sign(key);
    };
    const complete = { iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, jti: 'j1' };
    expect(await tokens.verify(await signed(complete))).not.toBeNull();
    expect(await tokens.verify(await signed({ ...complete, aud: 'another-app' }))).toBeNull();
    expect(await tokens.verify(await signed({ ...complete, iss: 'someone-else' }))).toBeNull();
    expect(await tokens.verify(await signed({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE }))).toBeNull();
  });

  it('refuses a token once it has expired, also one it verified before', async () => {
    const { tokens, clock } = await service();
    const { token, expires } = await tokens.issue({ userId: 'u1', tokenVersion: 0 });
    expect(await tokens.verify(token)).not.toBeNull();
    clock.set(new Date(expires.getTime() - 1000));
    expect(await tokens.verify(token)).not.toBeNull();
    clock.set(expires);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('renews within the session, never past its absolute end, and not at all after it', async () => {
    const { tokens, clock } = await service(SECRET, testClock(), { ttlSeconds: 60, sessionMaxSeconds: 150 });
    const start = clock.now().getTime();
    const first = await tokens.issue({ userId: 'u1', tokenVersion: 0 });
    const firstSubject = await tokens.verify(first.token);
    if (!firstSubject) throw new Error('the first token did not verify');

    clock.advance(50_000);
    const renewed = await tokens.renew(firstSubject, 0);
    expect(renewed?.expires.getTime()).toBe(start + 110_000);
    const renewedSubject = await tokens.verify(renewed?.token ?? '');
    expect(renewedSubject?.sessionStartedAt).toBe(firstSubject.sessionStartedAt);
    expect(renewedSubject?.tokenId).not.toBe(firstSubject.tokenId);

    clock.advance(50_000);
    const capped = await tokens.renew(firstSubject, 0);
    expect(capped?.expires.getTime()).toBe(start + 150_000);

    clock.set(new Date(start + 150_000));
    expect(await tokens.renew(firstSubject, 0)).toBeNull();
  });

  it('refuses tampered tokens and tokens signed with another key', async () => {
    const { tokens } = await service();
    const { tokens: foreign } = await service('another-secret-of-at-least-32-characters');
    const { token } = await tokens.issue({ userId: 'u1', tokenVersion: 0 });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature = ''] = token.split('.');
    // The first character carries six whole bits of the signature; the last only four, so a changed
    // last character can decode to the same signature.
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await foreign.verify(token)).toBeNull();
  });
});
