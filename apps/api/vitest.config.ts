import { defineConfig } from 'vitest/config';

/**
 * Files that change what other files would import (vi.mock of a package) run in a fresh process of
 * their own; every other file shares its worker's loaded modules with the files before it.
 */
const ISOLATED = ['test/openapi/route-coverage.test.ts'];

const shared = {
  environment: 'node',
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Thousands of sign-ins: argon2id at its least cost (src/services/auth/passwords.ts). Servers the
  // tests spawn inherit it; production never sets it.
  env: { TEST_ONLY_LOW_PASSWORD_HASH_COST: '1' },
  // On PostgreSQL each test app's database is a copy of one migrated once per run.
  globalSetup: 'test/helpers/migrated-postgres-template.ts',
} as const;

export default defineConfig({
  test: {
    // On PostgreSQL two workers leave part of the two cores idle while they wait on the server: a third
    // cut the suite's wall by a third for about 5 % more CPU (docs/performance.md, the test suite).
    maxWorkers: process.env.TEST_DATABASE_URL ? 3 : 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'api',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          // Importing the app (Fastify, Kysely, zod, the AWS SDK) took longer than most files' tests: a
          // new process per file spent twice the CPU on ten route files (29 s against 15 s).
          isolate: false,
        },
      },
      { test: { ...shared, name: 'api-isolated', include: ISOLATED } },
    ],
  },
});
