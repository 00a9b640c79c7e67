// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkSessionCopies,
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

  it('reads a value of the wrong shape as absent', async () => {
    window.sessionStorage.setItem('accountselected', '{"guid":"","name":"x"}');
    window.sessionStorage.setItem('accountinfolist', '{not json');
    await checkSessionCopies();
    expect(sessionKeys.accountselected.get()).toBeNull();
    expect(sessionKeys.accountinfolist.get()).toBeNull();
    expect(window.sessionStorage.getItem('accountselected')).toBeNull();
  });
});

// Issue 40 (ADR 055): a copy is checked once per load, not at every read.
describe('session copies of server data', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('reads a copy this build wrote without checking its shape again', () => {
    // A shape the schema refuses (an empty guid): only an unchecked read gives it back.
    sessionKeys.accountselected.set({ guid: '', name: 'skrevet af appen' });
    expect(sessionKeys.accountselected.get()).toEqual({ guid: '', name: 'skrevet af appen' });
  });

  it('reads the same text as the same value, parsed once', () => {
    sessionKeys.accountinfolist.set([ACCOUNT]);
    expect(sessionKeys.accountinfolist.get()).toBe(sessionKeys.accountinfolist.get());
  });

  it('does not read a copy it did not write until the check has passed it', async () => {
    window.sessionStorage.setItem('accountselected', JSON.stringify(ACCOUNT));
    expect(sessionKeys.accountselected.get()).toBeNull();
    await checkSessionCopies();
    expect(sessionKeys.accountselected.get()).toEqual(ACCOUNT);
  });

  it('checks a copy again once it is changed by anything but the app', async () => {
    sessionKeys.accountselected.set(ACCOUNT);
    window.sessionStorage.setItem('accountselected', '{"guid":"","name":"ændret"}');
    expect(sessionKeys.accountselected.get()).toBeNull();
    await checkSessionCopies();
    expect(window.sessionStorage.getItem('accountselected')).toBeNull();
  });

  it("checks another build's copy: its mark names another build", async () => {
    sessionKeys.accountselected.set(ACCOUNT);
    const mark = window.sessionStorage.getItem('written:accountselected') ?? '';
    window.sessionStorage.setItem('written:accountselected', `en-anden-build${mark}`);
    expect(sessionKeys.accountselected.get()).toBeNull();
    await checkSessionCopies();
    expect(sessionKeys.accountselected.get()).toEqual(ACCOUNT);
  });

  it('drops a draft of the home form that is not one', async () => {
    window.sessionStorage.setItem('registerForm', '{"accountId":"a","gatewayId":10}');
    await checkSessionCopies();
    expect(sessionKeys.registerForm.get()).toBeNull();
    expect(window.sessionStorage.getItem('registerForm')).toBeNull();
  });

  it('removes the mark with the copy', () => {
    sessionKeys.customer.set({ name: 'Nørrevang', address: 'Vej 1', postalcode: '8000', town: 'Aarhus C' });
    sessionKeys.customer.remove();
    expect(window.sessionStorage.length).toBe(0);
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
