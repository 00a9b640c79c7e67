import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearScope,
  lockedForSeconds,
  pruneExpired,
  recordFailure,
} from '../../src/services/login-throttle.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const WINDOW = { windowSeconds: 600, lockoutSeconds: 300 };
const T0 = new Date('2026-11-22T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('login throttle counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(async () => t.close());

  const row = (scope: string) =>
    t.database.db.selectFrom('login_throttle').selectAll().where('scope', '=', scope).executeTakeFirst();

  it('counts concurrent failures without losing any (one atomic upsert each)', async () => {
    const scope = { key: 'email:samtidig@eksempel.dk', maxFailures: 1000 };
    await Promise.all(Array.from({ length: 25 }, () => recordFailure(t.database.db, scope, WINDOW, T0)));
    expect(await row(scope.key)).toMatchObject({ failures: 25, locked_until: null });
  });

  it('locks at the limit and reports whole seconds until unlock', async () => {
    const db = t.database.db;
    const scope = { key: 'ip:192.0.2.1', maxFailures: 2 };
    await recordFailure(db, scope, WINDOW, T0);
    expect(await lockedForSeconds(db, [scope.key], at(1))).toBeNull();
    await recordFailure(db, scope, WINDOW, at(10));
    expect(await row(scope.key)).toMatchObject({ failures: 2, locked_until: at(310).toISOString() });
    expect(await lockedForSeconds(db, [scope.key, 'email:ukendt@eksempel.dk'], at(10.5))).toBe(300);
    expect(await lockedForSeconds(db, [scope.key], at(309.2))).toBe(1);
    expect(await lockedForSeconds(db, [scope.key], at(310))).toBeNull();
  });

  it('starts a new window when the old one has run out', async () => {
    const db = t.database.db;
    const scope = { key: 'email:vindue@eksempel.dk', maxFailures: 3 };
    await recordFailure(db, scope, WINDOW, T0);
    await recordFailure(db, scope, WINDOW, at(100));
    await recordFailure(db, scope, WINDOW, at(600));
    expect(await row(scope.key)).toMatchObject({
      failures: 1,
      window_started_at: at(600).toISOString(),
      locked_until: null,
    });
  });

  it('locks on the first failure when the limit is 1', async () => {
    const db = t.database.db;
    const scope = { key: 'email:en@eksempel.dk', maxFailures: 1 };
    await recordFailure(db, scope, WINDOW, T0);
    expect(await lockedForSeconds(db, [scope.key], T0)).toBe(300);
  });

  it('clears one scope only', async () => {
    const db = t.database.db;
    await recordFailure(db, { key: 'email:ryd@eksempel.dk', maxFailures: 5 }, WINDOW, T0);
    await recordFailure(db, { key: 'ip:192.0.2.9', maxFailures: 5 }, WINDOW, T0);
    await clearScope(db, 'email:ryd@eksempel.dk');
    expect(await row('email:ryd@eksempel.dk')).toBeUndefined();
    expect(await row('ip:192.0.2.9')).toBeDefined();
  });

  it('prunes counters whose window and lockout are over, and keeps running lockouts', async () => {
    const db = t.database.db;
    const later = new Date('2026-12-01T00:00:00.000Z');
    const old = new Date(later.getTime() - 700_000);
    await recordFailure(db, { key: 'email:gammel@eksempel.dk', maxFailures: 5 }, WINDOW, old);
    const lockStart = new Date(later.getTime() - 650_000);
    await recordFailure(
      db,
      { key: 'email:laast@eksempel.dk', maxFailures: 1 },
      { ...WINDOW, lockoutSeconds: 3600 },
      lockStart,
    );
    await recordFailure(db, { key: 'email:ny@eksempel.dk', maxFailures: 5 }, WINDOW, later);

    await pruneExpired(db, WINDOW, later);
    expect(await row('email:gammel@eksempel.dk')).toBeUndefined();
    expect(await row('email:laast@eksempel.dk')).toBeDefined();
    expect(await row('email:ny@eksempel.dk')).toBeDefined();
  });
});
