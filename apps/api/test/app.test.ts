import { describe, expect, it } from 'vitest';
import { useDemoApp } from './helpers/demo-app.ts';
import { createTestApp } from './helpers/test-app.ts';

describe('app foundation', () => {
  const t = useDemoApp();

  it('answers unknown /api paths with a JSON 404 in Danish', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/nonexistent', xsrf: false });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ Message: 'Det efterspurgte findes ikke.' });
  });

  it('sets a script-readable SameSite=Strict XSRF cookie when the request has none', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health/live', xsrf: false });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Strict$/);
  });

  it('does not set the cookie again when the request carries it', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a POST under /api without the matching X-XSRF-TOKEN header', async () => {
    const missing = await t.inject({
      method: 'POST',
      url: '/api/gateway/loaddeviceitemhistorylist/x',
      xsrf: false,
      payload: {},
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().Message).toMatch(/sikkerhedstoken/);
    const mismatched = await t.inject({
      method: 'POST',
      url: '/api/gateway/loaddeviceitemhistorylist/x',
      headers: { 'x-xsrf-token': 'something-else' },
      payload: {},
    });
    expect(mismatched.statusCode).toBe(403);
  });

  it('sends security headers with a strict CSP and a request id', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("takes a trusted proxy's X-Request-Id when it is safe, and otherwise makes its own", async () => {
    const own = await t.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'proxy-1' },
    });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const passed = await behindProxy.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': 'nginx-7f3a.1:2' },
      });
      expect(passed.headers['x-request-id']).toBe('nginx-7f3a.1:2');
      for (const unsafe of ['a b', 'x'.repeat(129), '"}\n{"level":60']) {
        const refused = await behindProxy.inject({
          method: 'GET',
          url: '/api/health/live',
          headers: { 'x-request-id': unsafe },
        });
        expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await behindProxy.close();
    }
  });

  it('reports readiness once migrations are applied', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
