import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { isApiRequest } from '../http/api-route.ts';
import { messages } from '../messages.ts';
import { presentedApiKey } from './api-key-guard.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit anti-forgery: every response to a request without the cookie sets one (readable by
 * script, SameSite=Strict); every unsafe /api request must echo it in X-XSRF-TOKEN.
 */
export const xsrfPlugin = fp<{ cookieSecure: Config['cookieSecure'] }>(
  async (app, { cookieSecure }) => {
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      if (!cookie) {
        const secure = cookieSecure === 'always' || (cookieSecure === 'auto' && request.protocol === 'https');
        reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
          path: '/',
          sameSite: 'strict',
          httpOnly: false,
          secure,
        });
      }
      if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
      // A machine client's key travels in a header a page of another site cannot set: nothing to forge.
      // The auth guard refuses the key (401) on every route but the one that takes it.
      if (presentedApiKey(request) !== undefined && !request.routeOptions.config.public) return;
      const header = request.headers[XSRF_HEADER];
      if (typeof header !== 'string' || !cookie || !equalTokens(header, cookie)) {
        await request.securityEvent('xsrf.refused', { route: request.routeOptions.url ?? request.url });
        return reply.code(403).send({ Message: messages.xsrfMissing });
      }
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);

function equalTokens(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
