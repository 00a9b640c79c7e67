import { AboutResponse } from '@maaler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

const OPERATOR = {
  OPERATOR_NAME: 'Søparken Forsyning A/S',
  OPERATOR_CONTACT: 'privatliv@soeparken.dk',
  ACCESSIBILITY_CONTACT: 'tilgaengelighed@soeparken.dk',
  ACCESSIBILITY_PHONE: '+45 70 10 20 30',
};

// The default periods' values are checked against ADR 042 in config.test.ts; here only that the route
// answers what the configuration holds.
const DEFAULT_RETENTION = loadConfig({}, []).retention;

const about = (t: TestApp, token?: string) =>
  t.inject({ method: 'GET', url: '/api/about', xsrf: false, ...(token ? { token } : {}) });

describe('GET /api/about', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the operator, contacts and retention periods from the configuration, without a sign-in and never cached', async () => {
    t = await createTestApp({
      env: {
        ...OPERATOR,
        RETENTION_READINGS_YEARS: '7',
        RETENTION_LOGIN_EVENTS_DAYS: '30',
        PHOTO_RETENTION_DAYS: '365',
      },
    });
    const res = await about(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AboutResponse.parse(res.json())).toEqual({
      operatorName: 'Søparken Forsyning A/S',
      operatorContact: 'privatliv@soeparken.dk',
      accessibilityContact: 'tilgaengelighed@soeparken.dk',
      accessibilityPhone: '+45 70 10 20 30',
      retention: { ...DEFAULT_RETENTION, readingsYears: 7, loginEventsDays: 30, photoDays: 365 },
    });
    // Signed in it answers the same: the pages are the same for everyone.
    const signedIn = await about(t, await t.login('tekniker@eksempel.dk'));
    expect(signedIn.json()).toEqual(res.json());
  });

  it('answers null for what the operator left unset or blank, and nothing more', async () => {
    t = await createTestApp({
      env: { OPERATOR_NAME: '  ', ACCESSIBILITY_CONTACT: ' web@kommune.dk ' },
      demo: false,
    });
    const res = await about(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      operatorName: null,
      operatorContact: null,
      accessibilityContact: 'web@kommune.dk',
      accessibilityPhone: null,
      retention: DEFAULT_RETENTION,
    });
  });

  it('refuses to start with an operator text over the limit', () => {
    expect(() => loadConfig({ OPERATOR_NAME: 'x'.repeat(201) }, [])).toThrow(/OPERATOR_NAME/);
  });
});
