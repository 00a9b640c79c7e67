import { request } from 'node:http';
import { DEMO_PASSWORD } from '../../apps/api/src/startup/demo/demo-data.ts';

/** Any value passes the server's double-submit check as long as cookie and header agree. */
const XSRF = 'bench-xsrf-token-0123456789abcdef';

export type HttpAnswer = { status: number; body: unknown };

export type HttpRequest = {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

/**
 * One request over its own new TCP connection (no keep-alive pool), as a client arriving fresh
 * would make it. Rejects on connection errors and timeouts; a body that is not JSON comes back as text.
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
            // Not JSON: the text names what went wrong.
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`request to ${options.path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs a demo user in over HTTP and returns the bearer token. */
export async function loginOver(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
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
