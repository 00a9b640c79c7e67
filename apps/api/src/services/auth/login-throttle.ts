import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import {
  clearScope,
  clearScopesStartingWith,
  countAttempt,
  lockAtLimit,
  pruneExpired,
  selectLockedPrefixes,
  selectLockedScopes,
  type ThrottleScope,
  uncountAttempt,
} from '../../db/repositories/login-throttle.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Brute-force defence for one sign-in attempt, counted before the password is checked so that
 * parallel guesses cannot get past the limit (docs/security.md):
 * - e-mail and client address together: locked after `maxFailures` (the attacker's own address);
 * - client address: locked after `maxFailuresPerIp`, across e-mails;
 * - e-mail from anywhere: each attempt over `maxFailures` waits a little longer (up to
 *   `MAX_SLOWDOWN_STEPS` steps of `slowdownMs`), and after `maxFailuresPerEmail` it is locked from
 *   every address, so guesses spread over many addresses are capped too. That cap lets a stranger
 *   lock a victim out for the lockout period; it is set well above `maxFailures` so that it takes
 *   many addresses, and an administrator's reset or `user:unlock` lifts it.
 */
export type LoginLimits = Config['login'];

const MAX_SLOWDOWN_STEPS = 10;

const emailKey = (email: string) => `email:${normalEmail(email)}`;
const emailAddressPrefix = (email: string) => `email-ip:${normalEmail(email)}|`;
const normalEmail = (email: string) => email.trim().toLowerCase();

export type AttemptVerdict =
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'allowed'; slowdownMs: number; scopes: ThrottleScope[] };

function scopesOf(email: string, clientAddress: string, limits: LoginLimits): ThrottleScope[] {
  return [
    { key: `${emailAddressPrefix(email)}${clientAddress}`, maxAttempts: limits.maxFailures, locks: true },
    { key: `ip:${clientAddress}`, maxAttempts: limits.maxFailuresPerIp, locks: true },
    { key: emailKey(email), maxAttempts: limits.maxFailuresPerEmail, locks: true },
  ];
}

/** Counts the attempt in every scope and says whether it may go on, and after how long a pause. */
export async function admitAttempt(
  db: Kysely<Database>,
  attempt: { email: string; clientAddress: string },
  limits: LoginLimits,
  now: Date,
): Promise<AttemptVerdict> {
  const scopes = scopesOf(attempt.email, attempt.clientAddress, limits);
  const counts = await Promise.all(scopes.map((scope) => countAttempt(db, scope, limits, now)));
  const lockEnds = counts
    .map((count) => (count.lockedUntil === null ? Number.NaN : Date.parse(count.lockedUntil)))
    .filter((end) => end > now.getTime());
  if (lockEnds.length > 0) {
    const seconds = Math.ceil((Math.max(...lockEnds) - now.getTime()) / 1000);
    return { kind: 'locked', retryAfterSeconds: Math.max(1, seconds) };
  }
  const emailWide = counts[2]?.attempts ?? 0;
  return { kind: 'allowed', slowdownMs: slowdownFor(emailWide, limits), scopes };
}

/** The pause before checking an attempt: one step per attempt on the e-mail over its limit, capped. */
export function slowdownFor(
  attemptsOnEmail: number,
  limits: Pick<LoginLimits, 'maxFailures' | 'slowdownMs'>,
) {
  const over = Math.min(attemptsOnEmail - limits.maxFailures, MAX_SLOWDOWN_STEPS);
  return over > 0 ? over * limits.slowdownMs : 0;
}

/** After a successful sign-in: its e-mail and address start afresh, and the attempt is not held against the others. */
export async function settleSuccess(db: Kysely<Database>, scopes: ThrottleScope[]): Promise<void> {
  const [emailAndAddress, ...counted] = scopes;
  if (emailAndAddress) await clearScope(db, emailAndAddress.key);
  for (const scope of counted) await uncountAttempt(db, scope.key);
}

/**
 * After a failed sign-in the attempt stays counted, and a scope it brought to its limit is locked
 * from now; old counters are dropped on the way.
 */
export async function settleFailure(
  db: Kysely<Database>,
  scopes: ThrottleScope[],
  limits: LoginLimits,
  now: Date,
): Promise<void> {
  for (const scope of scopes) await lockAtLimit(db, scope, limits, now);
  await pruneExpired(db, limits, now);
}

/**
 * A sign-in without an e-mail (a device credential's exchange) counts in the client address's scope
 * only, the same counter as the address's logins: guessing credentials and guessing passwords from one
 * address share one budget, and an address locked for either is refused for both.
 */
export async function admitAddressAttempt(
  db: Kysely<Database>,
  clientAddress: string,
  limits: LoginLimits,
  now: Date,
): Promise<AttemptVerdict> {
  const scope: ThrottleScope = {
    key: `ip:${clientAddress}`,
    maxAttempts: limits.maxFailuresPerIp,
    locks: true,
  };
  const count = await countAttempt(db, scope, limits, now);
  const lockEnd = count.lockedUntil === null ? Number.NaN : Date.parse(count.lockedUntil);
  if (lockEnd > now.getTime()) {
    return { kind: 'locked', retryAfterSeconds: Math.max(1, Math.ceil((lockEnd - now.getTime()) / 1000)) };
  }
  return { kind: 'allowed', slowdownMs: 0, scopes: [scope] };
}

/** After a successful exchange: the attempt is taken back from the address's count. */
export async function settleAddressSuccess(db: Kysely<Database>, scopes: ThrottleScope[]): Promise<void> {
  for (const scope of scopes) await uncountAttempt(db, scope.key);
}

/**
 * Checks a presented secret (a device credential, an API key) as one attempt in the client address's
 * scope: a refusal counts as a failed sign-in, anything else takes its attempt back.
 */
export async function checkCountedByAddress<Checked extends { kind: string }>(
  db: Kysely<Database>,
  attempt: { clientAddress: string; limits: LoginLimits; now: () => Date },
  check: () => Promise<Checked>,
): Promise<Checked | { kind: 'locked'; retryAfterSeconds: number }> {
  const { clientAddress, limits, now } = attempt;
  const verdict = await admitAddressAttempt(db, clientAddress, limits, now());
  if (verdict.kind === 'locked') return verdict;
  const checked = await check();
  if (checked.kind === 'refused') await settleFailure(db, verdict.scopes, limits, now());
  else await settleAddressSuccess(db, verdict.scopes);
  return checked;
}

/** Lifts every lock and count on an e-mail (administrator's password reset, `user:unlock`). */
export async function unlockEmail(db: Kysely<Database>, email: string): Promise<number> {
  const emailWide = await clearScope(db, emailKey(email));
  return emailWide + (await clearScopesStartingWith(db, emailAddressPrefix(email)));
}

/**
 * Which of the e-mails are locked now: signing in with them is refused from at least one client
 * address, or from all of them after too many attempts in all.
 */
export async function lockedEmails(db: Kysely<Database>, emails: string[], now: Date): Promise<Set<string>> {
  const prefixes = new Map(emails.map((email) => [emailAddressPrefix(email), email]));
  const emailWide = new Map(emails.map((email) => [emailKey(email), email]));
  const [lockedOnAddress, lockedEverywhere] = await Promise.all([
    selectLockedPrefixes(db, [...prefixes.keys()], now),
    selectLockedScopes(db, [...emailWide.keys()], now),
  ]);
  return new Set([
    ...[...lockedOnAddress].map((prefix) => prefixes.get(prefix) ?? ''),
    ...[...lockedEverywhere].map((key) => emailWide.get(key) ?? ''),
  ]);
}
