import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Thousands of sign-ins: argon2id at its least cost (src/services/auth/passwords.ts). Servers the
    // tests spawn inherit it; production never sets it.
    env: { TEST_ONLY_LOW_PASSWORD_HASH_COST: '1' },
  },
});
