import { API_BASE } from '@/config/env';
import { plainSessionKeys } from '../browser-storage/plain-keys';
import { isOfflineSession, onSessionReset, resetSession } from '../session/auth-status';
import type { z } from '../zod';
import { ApiError } from './api-error';
import { readCookie } from './cookies';

export { ApiError } from './api-error';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

type Method = 'GET' | 'POST' | 'PUT';

export type RequestOptions = {
  method?: Method;
  /** Sent as JSON; a string is sent as a JSON string (POST /api/customer/loadlistbyid). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A call that needs no session (the device credential's exchange): it also goes from an offline session. */
  withoutSession?: boolean;
};

const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:)?\/\//i;

export function isRelativeUrl(url: string): boolean {
  return !ABSOLUTE_URL.test(url);
}

/**
 * The headers of an API request (spec §7): bearer token when signed in, JSON content type when a body
 * is sent, and the anti-forgery header on non-GET requests to relative URLs (the cookie is ours only
 * on our own origin).
 */
export function buildHeaders(url: string, method: Method, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = plainSessionKeys.token.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (method !== 'GET' && isRelativeUrl(url)) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  return headers;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * An answer's schema, or (for the answers of the home screen's first load) a loader that brings it
 * with its chunk when the first answer arrives (ADR 055).
 */
export type SchemaSource<T> = z.core.$ZodType<T> | (() => Promise<z.core.$ZodType<T>>);

/** `value` checked against `schema`; zod itself loads with the first check (ADR 055). */
export async function checkedBy<T>(schema: SchemaSource<T>, value: unknown): Promise<T> {
  const [{ parseOrThrow }, checked] = await Promise.all([
    import('../zod-parse'),
    typeof schema === 'function' ? schema() : schema,
  ]);
  return parseOrThrow(checked, value);
}

/**
 * Calls the web API at `API_BASE + path` and returns the parsed JSON body, checked against `schema`.
 * Non-2xx answers throw ApiError; a 401 also ends the session, since the token is no longer accepted.
 */
export async function apiRequest<T>(
  path: string,
  schema: SchemaSource<T>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(path, options, 'application/json');
  const body = await parseBody(response);
  if (!response.ok) throw failure(response, body);
  return checkedBy(schema, body);
}

/** A file the web API makes (an export): its bytes and the name the server gave it. */
export type ApiFile = { blob: Blob; fileName: string };

const FILE_NAME = /filename="([^"]+)"/;

/** Calls the web API for a file download, with the same session and errors as `apiRequest`. */
export async function apiFile(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<ApiFile> {
  const response = await send(path, options, '*/*');
  if (!response.ok) throw failure(response, await parseBody(response));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), fileName: FILE_NAME.exec(disposition)?.[1] ?? fallbackName };
}

/**
 * Without a token an offline session's calls would answer 401 and end it (ADR 034): they fail as
 * an unreachable server does (fetch's TypeError), so the device copies and the waiting list answer
 * until the device credential's exchange brings the token.
 */
function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  if (isOfflineSession() && !options.withoutSession) {
    return Promise.reject(new TypeError('Signed in without a connection: no token yet'));
  }
  const method = options.method ?? 'GET';
  const url = `${API_BASE}${path}`;
  const hasBody = options.body !== undefined;
  const headers = buildHeaders(url, method, hasBody);
  headers.set('Accept', accept);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return fetch(url, {
    method,
    headers,
    body: hasBody ? JSON.stringify(options.body) : null,
    signal: options.signal ?? null,
    credentials: 'same-origin',
  });
}

/** A non-2xx answer; a 401 also ends the session, since the token is no longer accepted. */
function failure(response: Response, body: unknown): ApiError {
  if (response.status === 401) resetSession();
  return new ApiError(response.status, body);
}

/**
 * Ends the session on the server too (the token is revoked there), on sign-out and on auto-logout.
 * Fire-and-forget: without a connection the local sign-out still stands, and the token runs out by
 * itself; `keepalive` lets the request outlive a closing tab.
 */
onSessionReset((endedToken) => {
  if (!endedToken) return;
  const url = `${API_BASE}/api/authenticate/logout`;
  const headers = buildHeaders(url, 'POST', false);
  headers.set('Authorization', `Bearer ${endedToken}`);
  fetch(url, { method: 'POST', headers, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
});

export const api = {
  get: <T>(path: string, schema: SchemaSource<T>, signal?: AbortSignal): Promise<T> =>
    apiRequest(path, schema, signal ? { signal } : {}),
  post: <T>(
    path: string,
    body: unknown,
    schema: SchemaSource<T>,
    headers?: Record<string, string>,
  ): Promise<T> =>
    apiRequest(path, schema, headers ? { method: 'POST', body, headers } : { method: 'POST', body }),
};
