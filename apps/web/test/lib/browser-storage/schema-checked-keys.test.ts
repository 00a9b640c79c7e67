import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSessionStorage,
  localKeys,
  readRole,
  sessionKeys,
} from '@/lib/browser-storage/schema-checked-keys';

const ACCOUNT = { guid: '274aca66-e960-4103-b20a-9be18059d699', name: 'Nørrevang erhvervslejemål' };

describe('session storage keys', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it("uses the spec's key names", () => {
    sessionKeys.token.set('t');
    sessionKeys.lastaction.set(1_700_000_000_000);
    sessionKeys.resetpassword.set(true);
    sessionKeys.accountselected.set(ACCOUNT);
    expect(window.sessionStorage.getItem('token')).toBe('t');
    expect(window.sessionStorage.getItem('lastaction')).toBe('1700000000000');
    expect(window.sessionStorage.getItem('resetpassword')).toBe('true');
    expect(JSON.parse(window.sessionStorage.getItem('accountselected') ?? '')).toEqual(ACCOUNT);
  });

  it('reads the role as -1 when absent or not a number', () => {
    expect(readRole()).toBe(-1);
    window.sessionStorage.setItem('role', '"admin"');
    expect(readRole()).toBe(-1);
    sessionKeys.role.set(1);
    expect(readRole()).toBe(1);
  });

  it('reads a value of the wrong shape as absent', () => {
    window.sessionStorage.setItem('accountselected', '{"guid":"","name":"x"}');
    window.sessionStorage.setItem('accountinfolist', '{not json');
    expect(sessionKeys.accountselected.get()).toBeNull();
    expect(sessionKeys.accountinfolist.get()).toBeNull();
  });

  it('a reset clears session storage but keeps what "Husk mig" remembered', () => {
    sessionKeys.token.set('t');
    localKeys.rememberme.set(true);
    localKeys.email.set('tekniker@eksempel.dk');
    clearSessionStorage();
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem('rememberme')).toBe('true');
    expect(window.localStorage.getItem('email')).toBe('tekniker@eksempel.dk');
  });
});
