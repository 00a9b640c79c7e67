// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import { ApiError, api, apiRequest, buildHeaders, isRelativeUrl } from '@/lib/http/api-client';
import { checkSession, getAuthStatus, resetSession } from '@/lib/session/auth-status';

function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the server would set.
  document.cookie = value;
}

describe('isRelativeUrl', () => {
  it('tells same-origin paths from absolute URLs', () => {
    expect(isRelativeUrl('/api/user/loadcurrent')).toBe(true);
    expect(isRelativeUrl('api/x')).toBe(true);
    expect(isRelativeUrl('https://api.example.dk/api/x')).toBe(false);
    expect(isRelativeUrl('HTTP://api.example.dk/api/x')).toBe(false);
    expect(isRelativeUrl('//api.example.dk/api/x')).toBe(false);
  });
});

describe('buildHeaders', () => {
  beforeEach(() => {
    resetSession();
    setCookie('XSRF-TOKEN=abc%2B123; path=/');
  });
  afterEach(() => {
    setCookie('XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  });

  it('sends no authorization header without a token', () => {
    expect(buildHeaders('/api/x', 'GET', false).has('Authorization')).toBe(false);
  });

  it('sends the bearer token when one is stored', () => {
    sessionKeys.token.set('the-token');
    expect(buildHeaders('/api/x', 'GET', false).get('Authorization')).toBe('Bearer the-token');
  });

  it('sends the JSON content type only with a body', () => {
    expect(buildHeaders('/api/x', 'POST', true).get('Content-Type')).toBe('application/json');
    expect(buildHeaders('/api/x', 'GET', false).has('Content-Type')).toBe(false);
  });

  it('sends X-XSRF-TOKEN from the cookie on non-GET requests to relative URLs only', () => {
    expect(buildHeaders('/api/x', 'POST', true).get('X-XSRF-TOKEN')).toBe('abc+123');
    expect(buildHeaders('/api/x', 'GET', false).has('X-XSRF-TOKEN')).toBe(false);
    expect(buildHeaders('https://other.example.dk/api/x', 'POST', true).has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('api', () => {
  beforeEach(() => resetSession());

  it('posts JSON and returns the parsed, schema-checked answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/x', 'a,b', z.object({ ok: z.boolean() }))).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/x',
      expect.objectContaining({ method: 'POST', body: '"a,b"' }),
    );
  });

  it('throws ApiError with the status and the server message', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ Message: 'Ikke fundet' }), { status: 404 }),
    );
    const error = await api.get('/api/x', z.unknown()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      serverMessage: 'Ikke fundet',
      body: { Message: 'Ikke fundet' },
    });
  });

  it('ends the session on 401', async () => {
    sessionKeys.token.set('old');
    sessionKeys.expires.set(new Date(Date.now() + 60_000).toISOString());
    sessionKeys.lastaction.set(Date.now());
    expect(checkSession().authenticated).toBe(true);
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ Message: 'Log ind igen' }), { status: 401 }),
    );
    await expect(api.get('/api/x', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(getAuthStatus().authenticated).toBe(false);
    expect(sessionKeys.token.get()).toBeNull();
  });
});

describe("an offline sign-in's session without a token (ADR 034)", () => {
  beforeEach(() => {
    resetSession();
    sessionKeys.offline.set(true);
    sessionKeys.expires.set(new Date(Date.now() + 60_000).toISOString());
    sessionKeys.lastaction.set(Date.now());
  });

  it('sends no call, which fails as an unreachable server does, and the session stays', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ Message: 'Log ind igen' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(checkSession()).toMatchObject({ authenticated: true, offline: true });
    await expect(api.get('/api/x', z.unknown())).rejects.toBeInstanceOf(TypeError);
    await expect(api.post('/api/y', {}, z.unknown())).rejects.toBeInstanceOf(TypeError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(checkSession()).toMatchObject({ authenticated: true, offline: true });
  });

  it('sends the device credential exchange, which needs no session', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiRequest('/api/authenticate/exchangedevicecredential', z.unknown(), {
        method: 'POST',
        body: { credential: 'x' },
        withoutSession: true,
      }),
    ).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('sign-out on the server', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('revokes the ended token with POST /api/authenticate/logout, and signs out locally whatever the answer', async () => {
    setCookie('XSRF-TOKEN=abc; path=/');
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    sessionKeys.token.set('the-ended-token');

    resetSession();

    expect(sessionKeys.token.get()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/authenticate/logout');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const headers = init.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer the-ended-token');
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc');
  });

  it('sends nothing when there was no session', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    resetSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
