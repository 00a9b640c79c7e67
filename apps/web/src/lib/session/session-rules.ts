import { INACTIVITY_LIMIT_MS, LOGOUT_WARNING_MAX_MS, LOGOUT_WARNING_MIN_MS } from '@/config/constants';

/** What the session rules look at, as read from session storage. */
export type SessionFacts = {
  token: string | null;
  /** An offline sign-in's session, valid without a token until `expires` (ADR 034). */
  offline: boolean;
  /** Token expiry, ISO 8601. */
  expires: string | null;
  /** Last user action, ms since the epoch. */
  lastaction: number | null;
};

export type SessionState = {
  valid: boolean;
  /** Time until auto-logout: the earlier of token expiry and the inactivity limit; 0 when invalid. */
  timeLeftMs: number;
};

const INVALID: SessionState = { valid: false, timeLeftMs: 0 };

/**
 * Spec §5: a token (or an offline sign-in's session, ADR 034), an expiry later than now, and last
 * activity within the inactivity limit.
 */
export function evaluateSession(facts: SessionFacts, nowMs: number): SessionState {
  if ((!facts.token && !facts.offline) || !facts.expires || facts.lastaction === null) return INVALID;
  const expiresMs = Date.parse(facts.expires);
  if (Number.isNaN(expiresMs)) return INVALID;
  const tokenLeft = expiresMs - nowMs;
  // A last action "in the future" (another clock, a tampered value) counts as now.
  const idleLeft = Math.min(facts.lastaction + INACTIVITY_LIMIT_MS - nowMs, INACTIVITY_LIMIT_MS);
  const timeLeftMs = Math.min(tokenLeft, idleLeft);
  return timeLeftMs > 0 ? { valid: true, timeLeftMs } : INVALID;
}

/** Spec §4: the auto-logout warning shows while more than 1 s and less than 5 minutes are left. */
export function isLogoutWarningDue(timeLeftMs: number): boolean {
  return timeLeftMs > LOGOUT_WARNING_MIN_MS && timeLeftMs < LOGOUT_WARNING_MAX_MS;
}

/** Time left as m:ss, rounded down to whole seconds. */
export function formatTimeLeft(timeLeftMs: number): string {
  const totalSeconds = Math.max(0, Math.floor(timeLeftMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
