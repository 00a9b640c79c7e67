import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Failed-login counters in the database, so every instance behind a load balancer sees the same
 * counts. A scope is `email:<address>` or `ip:<client address>`; each has its own limit.
 */
export type ThrottleWindow = { windowSeconds: number; lockoutSeconds: number };
export type ThrottleScope = { key: string; maxFailures: number };

export const emailScope = (email: string): string => `email:${email.trim().toLowerCase()}`;
export const addressScope = (address: string): string => `ip:${address}`;

/** Whole seconds until the last of the given scopes is unlocked, or null when none is locked. */
export async function lockedForSeconds(
  db: Kysely<Database>,
  scopes: string[],
  now: Date,
): Promise<number | null> {
  const row = await db
    .selectFrom('login_throttle')
    .select((eb) => eb.fn.max('locked_until').as('locked_until'))
    .where('scope', 'in', scopes)
    .where('locked_until', '>', now.toISOString())
    .executeTakeFirst();
  if (!row?.locked_until) return null;
  return Math.max(1, Math.ceil((Date.parse(row.locked_until) - now.getTime()) / 1000));
}

/**
 * Counts one failure in one atomic upsert (no read-then-write race between instances). A new window
 * starts when the previous one has run out or its lockout has ended; the failure that reaches the
 * limit locks the scope for the lockout period.
 */
export async function recordFailure(
  db: Kysely<Database>,
  scope: ThrottleScope,
  window: ThrottleWindow,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  const windowExpired = new Date(now.getTime() - window.windowSeconds * 1000).toISOString();
  const lockedUntil = new Date(now.getTime() + window.lockoutSeconds * 1000).toISOString();

  // Inside ON CONFLICT DO UPDATE the existing row is named by its table (PostgreSQL finds bare names
  // ambiguous with EXCLUDED); every SET expression sees the row as it was before the update.
  const failures = sql.ref('login_throttle.failures');
  const windowStarted = sql.ref('login_throttle.window_started_at');
  const locked = sql.ref('login_throttle.locked_until');
  const restart = sql<boolean>`(${windowStarted} <= ${windowExpired} or ${locked} <= ${nowIso})`;
  const newCount = sql<number>`case when ${restart} then 1 else ${failures} + 1 end`;

  await db
    .insertInto('login_throttle')
    .values({
      scope: scope.key,
      failures: 1,
      window_started_at: nowIso,
      locked_until: scope.maxFailures <= 1 ? lockedUntil : null,
    })
    .onConflict((oc) =>
      oc.column('scope').doUpdateSet({
        failures: newCount,
        window_started_at: sql<string>`case when ${restart} then ${nowIso} else ${windowStarted} end`,
        locked_until: sql<string | null>`case when ${newCount} >= ${scope.maxFailures} then ${lockedUntil}
          when ${restart} then null else ${locked} end`,
      }),
    )
    .execute();
}

export async function clearScope(db: Kysely<Database>, scope: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('scope', '=', scope).execute();
}

/** Drops counters whose window and lockout are both over, so the table stays small. */
export async function pruneExpired(db: Kysely<Database>, window: ThrottleWindow, now: Date): Promise<void> {
  const longest = Math.max(window.windowSeconds, window.lockoutSeconds);
  const cutoff = new Date(now.getTime() - longest * 1000).toISOString();
  await db
    .deleteFrom('login_throttle')
    .where('window_started_at', '<', cutoff)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now.toISOString())]))
    .execute();
}
