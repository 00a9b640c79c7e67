import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  LOW_HASH_COST_VARIABLE,
  PASSWORD_HASH_PARAMS,
  passwordHashParams,
  verifyPassword,
} from '../../../src/services/auth/passwords.ts';

// The test runs set the least cost (vitest.config.ts); production must keep OWASP's baseline.
describe('password hash parameters', () => {
  it("are OWASP's argon2id baseline when the test-only variable is not set, as in production", () => {
    expect(passwordHashParams({})).toEqual({ ...PASSWORD_HASH_PARAMS });
    expect(PASSWORD_HASH_PARAMS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    // Only the exact value 1 lowers them.
    expect(passwordHashParams({ [LOW_HASH_COST_VARIABLE]: 'true' })).toBe(PASSWORD_HASH_PARAMS);
  });

  it('are the least cost only where a test run sets the variable', async () => {
    expect(process.env[LOW_HASH_COST_VARIABLE]).toBe('1');
    const hashed = await hashPassword('hemmelig-1234');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(hashed, 'hemmelig-1234')).toBe(true);
    expect(await verifyPassword(hashed, 'hemmelig-12345')).toBe(false);
  });
});
