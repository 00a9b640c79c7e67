import { describe, expect, it } from 'vitest';
import { INACTIVITY_LIMIT_MS } from '@/config/constants';
import {
  evaluateSession,
  formatTimeLeft,
  isLogoutWarningDue,
  type SessionFacts,
} from '@/lib/session/session-rules';

const LOGIN = Date.parse('2026-03-01T08:00:00.000Z');
const TWELVE_HOURS = 12 * 60 * 60 * 1000;
const session = (overrides: Partial<SessionFacts> = {}): SessionFacts => ({
  token: 'token',
  offline: false,
  expires: new Date(LOGIN + TWELVE_HOURS).toISOString(),
  lastaction: LOGIN,
  ...overrides,
});

describe('evaluateSession', () => {
  it('is valid right after login, with the whole lifetime left', () => {
    expect(evaluateSession(session(), LOGIN)).toEqual({ valid: true, timeLeftMs: TWELVE_HOURS });
  });

  it('needs a token, an expiry and a last action', () => {
    expect(evaluateSession(session({ token: null }), LOGIN).valid).toBe(false);
    expect(evaluateSession(session({ token: '' }), LOGIN).valid).toBe(false);
    expect(evaluateSession(session({ expires: null }), LOGIN).valid).toBe(false);
    expect(evaluateSession(session({ expires: 'not a date' }), LOGIN).valid).toBe(false);
    expect(evaluateSession(session({ lastaction: null }), LOGIN).valid).toBe(false);
  });

  it("accepts an offline sign-in's session without a token, but not without its end (ADR 034)", () => {
    expect(evaluateSession(session({ token: null, offline: true }), LOGIN)).toEqual({
      valid: true,
      timeLeftMs: TWELVE_HOURS,
    });
    expect(evaluateSession(session({ token: null, offline: true, expires: null }), LOGIN).valid).toBe(false);
  });

  it('ends when the token expires, even for an active user', () => {
    const expires = LOGIN + 60 * 60 * 1000;
    const facts = session({ expires: new Date(expires).toISOString(), lastaction: expires - 1000 });
    expect(evaluateSession(facts, expires - 1)).toEqual({ valid: true, timeLeftMs: 1 });
    expect(evaluateSession(facts, expires)).toEqual({ valid: false, timeLeftMs: 0 });
    expect(evaluateSession(facts, expires + 5000).valid).toBe(false);
  });

  it('ends after 12 hours without a user action, before a longer-lived token expires', () => {
    const facts = session({ expires: new Date(LOGIN + 2 * TWELVE_HOURS).toISOString() });
    expect(evaluateSession(facts, LOGIN + INACTIVITY_LIMIT_MS - 1)).toEqual({ valid: true, timeLeftMs: 1 });
    expect(evaluateSession(facts, LOGIN + INACTIVITY_LIMIT_MS).valid).toBe(false);
  });

  it('counts the time left from the last action when that ends first', () => {
    const facts = session({
      expires: new Date(LOGIN + 2 * TWELVE_HOURS).toISOString(),
      lastaction: LOGIN + 60_000,
    });
    expect(evaluateSession(facts, LOGIN + 120_000).timeLeftMs).toBe(INACTIVITY_LIMIT_MS - 60_000);
  });

  it('treats a last action in the future as now', () => {
    const facts = session({
      expires: new Date(LOGIN + 2 * TWELVE_HOURS).toISOString(),
      lastaction: LOGIN + TWELVE_HOURS,
    });
    expect(evaluateSession(facts, LOGIN).timeLeftMs).toBe(INACTIVITY_LIMIT_MS);
  });
});

describe('isLogoutWarningDue', () => {
  it('is due strictly between 1 s and 5 minutes left', () => {
    expect(isLogoutWarningDue(300_001)).toBe(false);
    expect(isLogoutWarningDue(300_000)).toBe(false);
    expect(isLogoutWarningDue(299_999)).toBe(true);
    expect(isLogoutWarningDue(1001)).toBe(true);
    expect(isLogoutWarningDue(1000)).toBe(false);
    expect(isLogoutWarningDue(0)).toBe(false);
  });
});

describe('formatTimeLeft', () => {
  it('shows m:ss rounded down to whole seconds', () => {
    expect(formatTimeLeft(299_999)).toBe('4:59');
    expect(formatTimeLeft(65_000)).toBe('1:05');
    expect(formatTimeLeft(9_500)).toBe('0:09');
    expect(formatTimeLeft(0)).toBe('0:00');
    expect(formatTimeLeft(-5)).toBe('0:00');
  });
});
