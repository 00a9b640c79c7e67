import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Helmet's headers for the plugin's options, as helmet itself set them on every response before. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self';" +
    "connect-src 'self';manifest-src 'self';worker-src 'self';object-src 'none';base-uri 'self';" +
    "form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy':
    'camera=(self), microphone=(), geolocation=(), display-capture=(), payment=(), usb=(), serial=(), ' +
    'hid=(), midi=(), accelerometer=(), gyroscope=(), magnetometer=(), screen-wake-lock=()',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('kunde@eksempel.dk');
  });
  afterAll(async () => t.close());

  type Case = { method: 'GET' | 'POST'; url: string; signedIn: boolean; xsrf?: boolean };
  const unknownAccount = '/api/gateway/loadlistsimple/00000000-0000-4000-8000-000000000000';
  it.each<[string, Case, number]>([
    ['an answer', { method: 'GET', url: '/api/user/loadcurrent', signedIn: true }, 200],
    ['a public route', { method: 'GET', url: '/api/health/live', signedIn: false }, 200],
    ['a request without token', { method: 'GET', url: '/api/user/loadcurrent', signedIn: false }, 401],
    [
      'a POST without XSRF header',
      { method: 'POST', url: '/api/user/changepassword', signedIn: true, xsrf: false },
      403,
    ],
    ['an unknown account', { method: 'GET', url: unknownAccount, signedIn: true }, 404],
    [
      'an invalid parameter',
      { method: 'GET', url: '/api/gateway/loadlistsimple/ikke-et-id', signedIn: true },
      400,
    ],
    ['an unknown API route', { method: 'GET', url: '/api/findes-ikke', signedIn: true }, 404],
    ['the app without a build', { method: 'GET', url: '/login', signedIn: false }, 503],
  ])('are on %s', async (_name, { method, url, signedIn, xsrf }, status) => {
    const payload = method === 'POST' ? {} : undefined;
    const res = await t.inject({ method, url, payload, xsrf, token: signedIn ? token : undefined });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
    // Every API answer, errors included, is per user and never kept by a browser or proxy.
    if (url.startsWith('/api/')) expect(res.headers['cache-control']).toBe('no-store');
    else expect(res.headers['cache-control']).not.toBe('no-store');
  });

  it.each([
    '/api;x/user/loadcurrent',
    '/api;/gateway/loadlistsimple/9',
    '/api%3Bx/user/loadcurrent',
    '/api.x/user/loadcurrent',
    '/api',
  ])('answer %s with the API’s JSON 404, never the app’s page', async (url) => {
    const res = await t.inject({ method: 'GET', url, token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Message: 'Det efterspurgte findes ikke.' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('still serve the app’s page for a path that only starts with the letters api', async () => {
    const res = await t.inject({ method: 'GET', url: '/apiary' });
    expect(res.statusCode).toBe(503);
  });
});
