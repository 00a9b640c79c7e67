import { ADMIN_ROLE } from '@maaler/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../domain/auth-user.ts';
import { NotSignedInError, TooManyAttemptsError } from '../domain/errors.ts';
import { messages } from '../messages.ts';
import { accountOfKeyCustomer, signInWithApiKey } from '../services/auth/api-keys.ts';
import { accountForGuard, rememberGuardedAccount } from './guarded-account.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route also takes an API key (ADR 051) for the requests this says yes to; a key anywhere else
     * is refused (401). The key reaches only accounts of its customer, named in the path.
     */
    apiKey?: (request: { params: unknown }) => boolean;
  }
}

/** `Authorization: Bearer mk_…`: the key presented, or undefined for a token or no header. */
export function presentedApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? /^Bearer (mk_\S*)$/.exec(header)?.[1] : undefined;
}

/** Whether the request presents a key to a route that takes one (the anti-forgery check does not apply). */
export function presentsApiKeyToItsRoute(request: FastifyRequest): boolean {
  const accepts = request.routeOptions.config.apiKey;
  return presentedApiKey(request) !== undefined && accepts?.(request) === true;
}

/**
 * The key's own user for a request that presents an API key: the key must be known, unrevoked and
 * presented to a route that takes it; every check counts like a sign-in from the client address.
 */
export async function apiKeyUser(
  app: FastifyInstance,
  request: FastifyRequest,
  key: string,
): Promise<AuthUser> {
  const route = request.routeOptions.url;
  const accountId = accountForGuard(request);
  if (!presentsApiKeyToItsRoute(request) || accountId === undefined) {
    await request.securityEvent('api-key.refused', { reason: 'route', route });
    throw new NotSignedInError(messages.apiKeyRefused);
  }
  const outcome = await signInWithApiKey(
    { db: app.db, limits: app.config.login, now: app.clock.now() },
    { key, clientAddress: request.ip },
  );
  if (outcome.kind === 'locked') {
    await request.securityEvent('login.locked', { retryAfterSeconds: outcome.retryAfterSeconds });
    throw new TooManyAttemptsError(messages.loginLocked, outcome.retryAfterSeconds);
  }
  if (outcome.kind === 'refused') {
    await request.securityEvent('api-key.refused', {
      reason: outcome.reason,
      keyId: outcome.keyId,
      customerId: outcome.customerId,
      route,
    });
    throw new NotSignedInError(messages.apiKeyRefused);
  }
  // Another customer's account answers 404 exactly as an unknown one (the account scope reads this).
  const account = await accountOfKeyCustomer(app.db, accountId, outcome.customerId);
  rememberGuardedAccount(request, { accountId, account });
  request.log = request.log.child({ apiKeyId: outcome.keyId, userId: outcome.user.id });
  // The routes that take a key are the office's (role 1) routes, acting for the key's customer only.
  return { ...outcome.user, role: ADMIN_ROLE, resetPassword: false };
}
