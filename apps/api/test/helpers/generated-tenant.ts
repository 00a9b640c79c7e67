import { expect } from 'vitest';
import { inProcessCli } from '../cli/in-process-cli.ts';
import { createTestApp, type TestApp, testClock } from './test-app.ts';

/** The tenant's size as `generate-tenant` takes it; one year up to 2026-11-20. */
export type TenantSize = {
  accounts: number;
  locations: number;
  meters: number;
  points: number;
  readings: number;
};

/**
 * A test app without the demo data, holding a tenant made by `generate-tenant` (the bench's generator),
 * and the id of its first account by name.
 */
export async function appWithGeneratedTenant(size: TenantSize): Promise<{ t: TestApp; accountId: string }> {
  const t = await createTestApp({ demo: false, clock: testClock() });
  const generated = await inProcessCli(() => t.database.db)(
    'generate-tenant',
    ...Object.entries(size).flatMap(([name, value]) => [`--${name}`, String(value)]),
    ...['--years', '1', '--until', '2026-11-20'],
  );
  expect(generated.code).toBe(0);
  const account = await t.database.db
    .selectFrom('accounts')
    .select('id')
    .orderBy('name')
    .executeTakeFirstOrThrow();
  return { t, accountId: account.id };
}
