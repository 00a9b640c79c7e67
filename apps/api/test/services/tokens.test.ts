import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { createTokenService } from '../../src/services/tokens.ts';
import { testClock } from '../helpers/test-app.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
// A configured secret means the service never touches the database.
const noDatabase = {} as Kysely<Database>;

async function service(secret = SECRET, clock = testClock()) {
  return {
    clock,
    tokens: await createTokenService({ db: noDatabase, configuredSecret: secret, ttlSeconds: 60, clock }),
  };
}

describe('token service', () => {
  it('verifies its own tokens, again and again', async () => {
    const { tokens } = await service();
    const { token } = await tokens.issue({ userId: 'u1', tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 'u1', tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 'u1', tokenVersion: 3 });
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

  it('refuses tampered tokens and tokens signed with another key', async () => {
    const { tokens } = await service();
    const { tokens: foreign } = await service('another-secret-of-at-least-32-characters');
    const { token } = await tokens.issue({ userId: 'u1', tokenVersion: 0 });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await foreign.verify(token)).toBeNull();
  });
});
