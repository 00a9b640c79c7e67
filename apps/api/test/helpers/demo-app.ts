import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import type { Clock } from '../../src/services/shared/clock.ts';
import { ACCOUNT_NAMES, accountIdOf, type DemoMeter, soparken1Meters } from './demo-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The demo users a test can sign in by the part of their address before `@eksempel.dk`. */
export type DemoUserName = 'tekniker' | 'kunde' | 'admin' | 'ny' | 'klover';

/** What a test adds to the demo data and `cleanUp` removes after each test. */
export type DemoCleanUp = 'new-readings' | 'skips' | 'settings';

/** The test app, the two Søparken accounts, the three meters most tests use, and a token per signed-in user. */
export type DemoApp<U extends DemoUserName> = TestApp & {
  soparken1: string;
  soparken2: string;
  heat: DemoMeter;
  coldWater: DemoMeter;
  hotWater: DemoMeter;
} & Record<U, string>;

/** Removes what tests add on top of the demo data (whose history ends on 1 October 2026). */
export async function removeTestData(db: Kysely<Database>, what: readonly DemoCleanUp[]): Promise<void> {
  if (what.includes('skips')) await db.deleteFrom('reading_skips').execute();
  if (what.includes('new-readings')) {
    await db.deleteFrom('readings').where('date_record', '>=', '2026-10-02').execute();
    await db.deleteFrom('replaced_estimates').execute();
    await db.deleteFrom('control_readings').execute();
  }
  if (what.includes('settings')) await db.deleteFrom('account_settings').execute();
}

/**
 * One demo app per describe block: `const t = useDemoApp({ clock, signIn: ['kunde'] })` opens it before all
 * tests (then `t.kunde` is kunde@'s token, `t.heat` the heat meter), removes `cleanUp` after each and closes it
 * after all; its fields may be read only inside tests and hooks.
 */
export function useDemoApp<const U extends DemoUserName = never>(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    signIn?: readonly U[];
    cleanUp?: readonly DemoCleanUp[];
  } = {},
): DemoApp<U> {
  let opened: DemoApp<U> | undefined;
  beforeAll(async () => {
    const app = await createTestApp({ clock: options.clock, env: options.env });
    const tokens: Record<string, string> = {};
    for (const user of options.signIn ?? []) tokens[user] = await app.login(`${user}@eksempel.dk`);
    opened = {
      ...app,
      ...(await soparken1Meters(app.database.db)),
      soparken2: await accountIdOf(app.database.db, ACCOUNT_NAMES.soparken2),
      ...tokens,
    } as DemoApp<U>;
  });
  afterAll(async () => opened?.close());
  const { cleanUp } = options;
  if (cleanUp) afterEach(async () => removeTestData(current().database.db, cleanUp));

  const current = (): DemoApp<U> => {
    if (!opened)
      throw new Error('useDemoApp: read the app inside a test or hook, after beforeAll has opened it');
    return opened;
  };
  return new Proxy({} as DemoApp<U>, { get: (_, key) => current()[key as keyof DemoApp<U>] });
}
