// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_LIMIT_MS } from '@/config/constants';
import { sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import {
  checkSession,
  getAuthStatus,
  recordActivity,
  resetSession,
  subscribeAuthStatus,
} from '@/lib/session/auth-status';

const LOGIN = Date.parse('2026-03-01T08:00:00.000Z');
const HOUR = 60 * 60 * 1000;

function signIn({ tokenLifetimeMs = 12 * HOUR } = {}) {
  sessionKeys.token.set('token');
  sessionKeys.expires.set(new Date(LOGIN + tokenLifetimeMs).toISOString());
  sessionKeys.role.set(2);
  sessionKeys.accountname.set('Søparken');
  sessionKeys.lastaction.set(LOGIN);
  checkSession();
}

describe('auth status with a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(LOGIN);
    resetSession();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetSession();
  });

  it('broadcasts the signed-in status and the time left', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeAuthStatus(listener);
    signIn();
    unsubscribe();
    expect(listener).toHaveBeenCalled();
    expect(getAuthStatus()).toEqual({ authenticated: true, role: 2, timeLeftMs: 12 * HOUR, offline: false });
  });

  it('counts down as the clock moves', () => {
    signIn();
    vi.advanceTimersByTime(HOUR);
    expect(checkSession().timeLeftMs).toBe(11 * HOUR);
  });

  it('resets the session, clearing all session storage, once the token has expired', () => {
    signIn();
    vi.setSystemTime(LOGIN + 12 * HOUR);
    expect(checkSession()).toEqual({ authenticated: false, role: -1, timeLeftMs: 0, offline: false });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('signs out after 12 hours of inactivity and not before', () => {
    signIn({ tokenLifetimeMs: 24 * HOUR });
    vi.setSystemTime(LOGIN + INACTIVITY_LIMIT_MS - 1);
    expect(checkSession().authenticated).toBe(true);
    vi.setSystemTime(LOGIN + INACTIVITY_LIMIT_MS);
    expect(checkSession().authenticated).toBe(false);
    expect(sessionKeys.token.get()).toBeNull();
  });

  it('a user action refreshes lastaction and so the inactivity limit', () => {
    signIn({ tokenLifetimeMs: 24 * HOUR });
    vi.setSystemTime(LOGIN + 11 * HOUR);
    recordActivity();
    expect(sessionKeys.lastaction.get()).toBe(LOGIN + 11 * HOUR);
    vi.setSystemTime(LOGIN + 13 * HOUR);
    expect(checkSession()).toMatchObject({ authenticated: true, timeLeftMs: 10 * HOUR });
  });

  it('a user action cannot revive an ended session', () => {
    signIn();
    vi.setSystemTime(LOGIN + 13 * HOUR);
    recordActivity();
    expect(sessionKeys.lastaction.get()).toBe(LOGIN);
    expect(checkSession().authenticated).toBe(false);
  });

  it('reads the role as -1 when it is absent', () => {
    signIn();
    sessionKeys.role.remove();
    expect(checkSession().role).toBe(-1);
  });
});
