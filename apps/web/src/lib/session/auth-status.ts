import { UNAUTHENTICATED_ROLE } from '@/config/constants';
import { clearSessionStorage, plainSessionKeys, readRole } from '../browser-storage/plain-keys';
import { evaluateSession } from './session-rules';

/** What is broadcast to the app whenever the session changes (spec §4). */
export type AuthStatus = {
  authenticated: boolean;
  role: number;
  /** Time until auto-logout; 0 when signed out. */
  timeLeftMs: number;
  /** Signed in without a connection: no token yet (ADR 034). */
  offline: boolean;
};

const SIGNED_OUT: AuthStatus = {
  authenticated: false,
  role: UNAUTHENTICATED_ROLE,
  timeLeftMs: 0,
  offline: false,
};

function readStatus(nowMs: number): AuthStatus {
  const state = evaluateSession(
    {
      token: plainSessionKeys.token.get(),
      offline: isOfflineSession(),
      expires: plainSessionKeys.expires.get(),
      lastaction: plainSessionKeys.lastaction.get(),
    },
    nowMs,
  );
  return state.valid
    ? { authenticated: true, role: readRole(), timeLeftMs: state.timeLeftMs, offline: isOfflineSession() }
    : SIGNED_OUT;
}

/** A session of an offline sign-in that has no token yet (ADR 034). */
export function isOfflineSession(): boolean {
  return plainSessionKeys.offline.get() === true && !plainSessionKeys.token.get();
}

let status: AuthStatus = readStatus(Date.now());
const listeners = new Set<() => void>();
const resetListeners = new Set<(endedToken: string | null) => void>();

function publish(next: AuthStatus): void {
  if (
    next.authenticated === status.authenticated &&
    next.role === status.role &&
    next.timeLeftMs === status.timeLeftMs &&
    next.offline === status.offline
  ) {
    return;
  }
  status = next;
  for (const listener of listeners) listener();
}

/** Whether the stored session is valid now, without broadcasting anything. */
export function sessionIsValid(nowMs: number = Date.now()): boolean {
  return readStatus(nowMs).authenticated;
}

export function getAuthStatus(): AuthStatus {
  return status;
}

export function subscribeAuthStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs `listener` on every session reset, before the signed-out status goes out, with the token the
 * session had. The query cache and the server logout register here (query-client.ts, api-client.ts),
 * so this module does not pull them into the first load.
 */
export function onSessionReset(listener: (endedToken: string | null) => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/**
 * Clears all session storage and cached server data and broadcasts the signed-out status; the route
 * guard then sends the user to /login.
 */
export function resetSession(): void {
  const endedToken = plainSessionKeys.token.get();
  clearSessionStorage();
  for (const listener of resetListeners) listener(endedToken);
  publish(SIGNED_OUT);
}

/**
 * The check that runs every second (and after login): re-reads the session and broadcasts it, or
 * resets it when the token is missing or expired or the user has been inactive too long.
 */
export function checkSession(nowMs: number = Date.now()): AuthStatus {
  const next = readStatus(nowMs);
  if (
    !next.authenticated &&
    (status.authenticated || plainSessionKeys.token.get() !== null || plainSessionKeys.offline.get() !== null)
  )
    resetSession();
  else publish(next);
  return status;
}

/** A user action: refreshes `lastaction` of a valid session. */
export function recordActivity(nowMs: number = Date.now()): void {
  if (!readStatus(nowMs).authenticated) return;
  plainSessionKeys.lastaction.set(nowMs);
  checkSession(nowMs);
}
