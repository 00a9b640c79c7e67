import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearScope,
  clearScopesStartingWith,
  countAttempt,
  pruneExpired,
  type ThrottleScope,
  uncountAttempt,
} from '../../../src/db/repositories/login-throttle.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

const WINDOW = { windowSeconds: 600, lockoutSeconds: 300 };
const T0 = new Date('2026-11-22T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const locking = (key: string, maxAttempts: number): ThrottleScope => ({ key, maxAttempts, locks: true });

describe('login throttle counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(async () => t.close());

  const row = (scope: string) =>
    t.database.db.selectFrom('login_throttle').selectAll().where('scope', '=', scope).executeTakeFirst();

  it('gives each of many parallel attempts its own count, and locks only past the limit', async () => {
    const scope = locking('email-ip:samtidig@eksempel.dk|192.0.2.7', 5);
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => countAttempt(t.database.db, scope, WINDOW, T0)),
    );
    expect(counts.map((c) => c.attempts).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    const unlocked = counts.filter((c) => c.lockedUntil === null);
    expect(unlocked.map((c) => c.attempts).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(counts.filter((c) => c.lockedUntil === at(300).toISOString())).toHaveLength(35);
  });

  it('never locks a counting-only scope', async () => {
    const scope: ThrottleScope = { key: 'email:bare-taelle@eksempel.dk', maxAttempts: 2, locks: false };
    for (let i = 0; i < 5; i++) await countAttempt(t.database.db, scope, WINDOW, at(i));
    expect(await row(scope.key)).toMatchObject({ failures: 5, locked_until: null });
  });

  it('does not extend a running lockout, and starts afresh when it has ended', async () => {
    const db = t.database.db;
    const scope = locking('ip:192.0.2.1', 2);
    await countAttempt(db, scope, WINDOW, T0);
    await countAttempt(db, scope, WINDOW, at(1));
    expect((await countAttempt(db, scope, WINDOW, at(10))).lockedUntil).toBe(at(310).toISOString());
    expect((await countAttempt(db, scope, WINDOW, at(200))).lockedUntil).toBe(at(310).toISOString());
    expect(await countAttempt(db, scope, WINDOW, at(310))).toEqual({ attempts: 1, lockedUntil: null });
  });

  it('starts a new window when the old one has run out', async () => {
    const db = t.database.db;
    const scope = locking('email:vindue@eksempel.dk', 3);
    await countAttempt(db, scope, WINDOW, T0);
    await countAttempt(db, scope, WINDOW, at(100));
    await countAttempt(db, scope, WINDOW, at(600));
    expect(await row(scope.key)).toMatchObject({
      failures: 1,
      window_started_at: at(600).toISOString(),
      locked_until: null,
    });
  });

  it('takes one attempt back, never below zero', async () => {
    const db = t.database.db;
    const scope = locking('ip:192.0.2.2', 5);
    await countAttempt(db, scope, WINDOW, T0);
    await uncountAttempt(db, scope.key);
    await uncountAttempt(db, scope.key);
    expect(await row(scope.key)).toMatchObject({ failures: 0 });
  });

  it('clears one scope, or every scope under a prefix taken literally (no wildcards)', async () => {
    const db = t.database.db;
    for (const key of [
      'email:ryd@eksempel.dk',
      'email-ip:ryd@eksempel.dk|192.0.2.3',
      'email-ip:ryd@eksempel.dk|192.0.2.4',
    ]) {
      await countAttempt(db, locking(key, 5), WINDOW, T0);
    }
    await countAttempt(db, locking('email-ip:r%d@eksempel.dk|192.0.2.5', 5), WINDOW, T0);
    expect(await clearScope(db, 'email:ryd@eksempel.dk')).toBe(1);
    expect(await clearScopesStartingWith(db, 'email-ip:r%')).toBe(1);
    expect(await clearScopesStartingWith(db, 'email-ip:ryd@eksempel.dk|')).toBe(2);
    expect(await row('email-ip:ryd@eksempel.dk|192.0.2.3')).toBeUndefined();
  });

  it('prunes counters whose window and lockout are over, and keeps running lockouts', async () => {
    const db = t.database.db;
    const later = new Date('2026-12-01T00:00:00.000Z');
    await countAttempt(
      db,
      locking('email:gammel@eksempel.dk', 5),
      WINDOW,
      new Date(later.getTime() - 700_000),
    );
    await countAttempt(
      db,
      locking('email:laast@eksempel.dk', 0),
      { ...WINDOW, lockoutSeconds: 3600 },
      new Date(later.getTime() - 650_000),
    );
    await countAttempt(db, locking('email:ny@eksempel.dk', 5), WINDOW, later);

    await pruneExpired(db, WINDOW, later);
    expect(await row('email:gammel@eksempel.dk')).toBeUndefined();
    expect(await row('email:laast@eksempel.dk')).toBeDefined();
    expect(await row('email:ny@eksempel.dk')).toBeDefined();
  });
});
