import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

export type ThrottleWindow = { windowSeconds: number; lockoutSeconds: number };
/** A counter and its limit; `locks: false` counts only (the caller slows down instead of refusing). */
export type ThrottleScope = { key: string; maxAttempts: number; locks: boolean };
export type ThrottleCount = { attempts: number; lockedUntil: string | null };

/**
 * Counts one attempt in one atomic upsert and answers the count after it, so parallel attempts each
 * see their own number (no read-then-write race between requests or instances). A new window starts
 * when the previous one has run out or its lockout has ended. The attempt that goes over the limit of
 * a locking scope locks it for the lockout period; attempts during a lockout never extend it.
 */
export async function countAttempt(
  db: Kysely<Database>,
  scope: ThrottleScope,
  window: ThrottleWindow,
  now: Date,
): Promise<ThrottleCount> {
  const nowIso = now.toISOString();
  const windowExpired = new Date(now.getTime() - window.windowSeconds * 1000).toISOString();
  const lockUntil = new Date(now.getTime() + window.lockoutSeconds * 1000).toISOString();

  // Inside ON CONFLICT DO UPDATE the existing row is named by its table (PostgreSQL finds bare names
  // ambiguous with EXCLUDED); every SET expression sees the row as it was before the update.
  const attempts = sql.ref('login_throttle.failures');
  const windowStarted = sql.ref('login_throttle.window_started_at');
  const locked = sql.ref('login_throttle.locked_until');
  const stillLocked = sql<boolean>`(${locked} is not null and ${locked} > ${nowIso})`;
  const restart = sql<boolean>`(not ${stillLocked} and (${windowStarted} <= ${windowExpired} or ${locked} is not null))`;
  const newCount = sql<number>`case when ${restart} then 1 else ${attempts} + 1 end`;
  const overLimit = scope.locks ? sql<boolean>`${newCount} > ${scope.maxAttempts}` : sql<boolean>`1 = 0`;

  const row = await db
    .insertInto('login_throttle')
    .values({
      scope: scope.key,
      failures: 1,
      window_started_at: nowIso,
      locked_until: scope.locks && scope.maxAttempts < 1 ? lockUntil : null,
    })
    .onConflict((oc) =>
      oc.column('scope').doUpdateSet({
        failures: newCount,
        window_started_at: sql<string>`case when ${restart} then ${nowIso} else ${windowStarted} end`,
        locked_until: sql<string | null>`case when ${stillLocked} then ${locked}
          when ${overLimit} then ${lockUntil} else null end`,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { attempts: row.failures, lockedUntil: row.locked_until };
}

/**
 * Locks a locking scope whose count has reached its limit (the failed attempt that reached it was the
 * last one allowed), unless it is locked already.
 */
export async function lockAtLimit(
  db: Kysely<Database>,
  scope: ThrottleScope,
  window: ThrottleWindow,
  now: Date,
): Promise<void> {
  if (!scope.locks) return;
  const nowIso = now.toISOString();
  await db
    .updateTable('login_throttle')
    .set({ locked_until: new Date(now.getTime() + window.lockoutSeconds * 1000).toISOString() })
    .where('scope', '=', scope.key)
    .where('failures', '>=', scope.maxAttempts)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .execute();
}

/** Takes back one counted attempt (it turned out to be a successful login). */
export async function uncountAttempt(db: Kysely<Database>, scopeKey: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ failures: sql<number>`failures - 1` })
    .where('scope', '=', scopeKey)
    .where('failures', '>', 0)
    .execute();
}

/** Deletes one counter; answers how many were deleted (0 or 1). */
export async function clearScope(db: Kysely<Database>, scopeKey: string): Promise<number> {
  const result = await db.deleteFrom('login_throttle').where('scope', '=', scopeKey).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every counter whose key starts with `prefix`, compared exactly (no LIKE wildcards). */
export async function clearScopesStartingWith(db: Kysely<Database>, prefix: string): Promise<number> {
  const result = await db
    .deleteFrom('login_throttle')
    .where(sql<string>`substr(scope, 1, ${prefix.length})`, '=', prefix)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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

/**
 * Which of the keys' prefixes have a scope locked at `now` (compared exactly, no LIKE wildcards):
 * `prefixes` maps a prefix to what the caller calls it (e.g. the e-mail).
 */
export async function selectLockedPrefixes(
  db: Kysely<Database>,
  prefixes: string[],
  now: Date,
): Promise<Set<string>> {
  if (prefixes.length === 0) return new Set();
  const rows = await db
    .selectFrom('login_throttle')
    .select('scope')
    .where('locked_until', '>', now.toISOString())
    .where((eb) =>
      eb.or(prefixes.map((prefix) => eb(sql<string>`substr(scope, 1, ${prefix.length})`, '=', prefix))),
    )
    .execute();
  return new Set(prefixes.filter((prefix) => rows.some((row) => row.scope.startsWith(prefix))));
}

/** Which of the keys name a scope locked at `now`. */
export async function selectLockedScopes(
  db: Kysely<Database>,
  keys: string[],
  now: Date,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('login_throttle')
    .select('scope')
    .where('locked_until', '>', now.toISOString())
    .where('scope', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.scope));
}
