import { request } from 'node:http';

/** Any value works for the double-submit check as long as cookie and header agree. */
const XSRF = 'test-support-xsrf-token-0123456789abcdef';

export type HttpAnswer = { status: number; body: unknown };

export type HttpRequest = {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Holds back the body's last byte until this settles, to keep a request in flight on purpose. */
  holdLastByteUntil?: Promise<unknown>;
};

/**
 * One request over its own new TCP connection (no keep-alive pool), so that "a new connection" in
 * a test really is one, and a bench's client arrives fresh. Rejects on connection errors (refused,
 * reset) and on timeouts; a body that is not JSON comes back as text.
 */
export function httpRequest(baseUrl: string, options: HttpRequest): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(options.path, baseUrl),
      {
        method: options.method,
        agent: false,
        timeout: options.timeoutMs ?? 15_000,
        headers: {
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: keep the text for the failure message.
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`request to ${options.path} timed out`)));
    req.on('error', reject);
    if (payload === undefined || options.holdLastByteUntil === undefined) {
      req.end(payload);
      return;
    }
    const bytes = Buffer.from(payload);
    req.write(bytes.subarray(0, -1));
    void options.holdLastByteUntil.finally(() => req.end(bytes.subarray(-1)));
  });
}

/** Logs a user in over HTTP (the app's login form: area 9, not remembered) and returns the bearer token. */
export async function loginOver(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await httpRequest(baseUrl, {
    method: 'POST',
    path: '/api/authenticate/userauthenticate/v2',
    body: { email, password, rememberme: false, area: 9 },
  });
  const body = answer.body as { Success?: boolean; Token?: string };
  if (answer.status !== 200 || !body.Success || !body.Token) {
    throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return body.Token;
}
