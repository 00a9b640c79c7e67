import type { Kysely } from 'kysely';
import { countAttempt } from '../../db/repositories/login-throttle.ts';
import type { Database } from '../../db/schema.ts';
import type { LoginLimits } from './login-throttle.ts';

/**
 * `Glemt adgangskode?` requests are counted like sign-in attempts, in scopes of their own: every
 * request counts (there is no failure to wait for), per e-mail with the login's per-e-mail limit, so a
 * stranger cannot fill someone's mailbox, and per client address with the login's per-address limit.
 * Whether the e-mail exists plays no part, so the refusal tells nothing either.
 */
export async function admitResetRequest(
  db: Kysely<Database>,
  request: { email: string; clientAddress: string },
  limits: LoginLimits,
  now: Date,
): Promise<{ kind: 'allowed' } | { kind: 'locked'; retryAfterSeconds: number }> {
  const counts = await Promise.all([
    countAttempt(
      db,
      { key: `reset-email:${request.email}`, maxAttempts: limits.maxFailures, locks: true },
      limits,
      now,
    ),
    countAttempt(
      db,
      { key: `reset-ip:${request.clientAddress}`, maxAttempts: limits.maxFailuresPerIp, locks: true },
      limits,
      now,
    ),
  ]);
  const lockEnds = counts
    .map((count) => (count.lockedUntil === null ? Number.NaN : Date.parse(count.lockedUntil)))
    .filter((end) => end > now.getTime());
  if (lockEnds.length === 0) return { kind: 'allowed' };
  const seconds = Math.ceil((Math.max(...lockEnds) - now.getTime()) / 1000);
  return { kind: 'locked', retryAfterSeconds: Math.max(1, seconds) };
}
