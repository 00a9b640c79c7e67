import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import { compile as compileTrust } from '@fastify/proxy-addr';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/engine/connection.ts';
import { loggerOptions } from './logger.ts';
import { accountScopePlugin } from './plugins/account-scope.ts';
import { appContextPlugin } from './plugins/app-context.ts';
import { authPlugin } from './plugins/auth.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { mailSenderPlugin } from './plugins/mail-sender.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { photoStorePlugin } from './plugins/photo-store.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { routeCataloguePlugin } from './plugins/route-catalogue.ts';
import { securityEventRecorderPlugin } from './plugins/security-event-recorder.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticAppPlugin } from './plugins/static-app.ts';
import { writeTransactionsPlugin } from './plugins/write-transactions.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';
import { aboutRoutes } from './routes/about/index.ts';
import { accountRoutes } from './routes/account/index.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { authenticateRoutes } from './routes/authenticate/index.ts';
import { customerRoutes } from './routes/customer/index.ts';
import { gatewayRoutes } from './routes/gateway/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { photoRoutes } from './routes/photos/index.ts';
import { selfReadingRoutes } from './routes/selfreading/index.ts';
import { userRoutes } from './routes/user/index.ts';
import { createTokenService } from './services/auth/tokens.ts';
import { type Clock, systemClock } from './services/shared/clock.ts';

/** What a trusted proxy may pass as the request id: short, and safe in logs and headers. */
const PROXY_REQUEST_ID = /^[\w.:-]{1,128}$/;

type TrustProxy = (address: string, hop: number) => boolean;

/** TRUST_PROXY as Fastify's trust function: the nearest N hops, or the listed addresses and ranges. */
function trustFunction(trustProxy: Config['trustProxy']): TrustProxy | undefined {
  if (trustProxy === false) return undefined;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return compileTrust(trustProxy);
}

/** The proxy's X-Request-Id from a trusted proxy (so its logs and ours match), else a new UUID. */
function requestIdOf(header: string | string[] | undefined, fromTrustedProxy: boolean): string {
  return fromTrustedProxy && typeof header === 'string' && PROXY_REQUEST_ID.test(header)
    ? header
    : randomUUID();
}

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Destroy the database connection when the app closes (the server does; tests sharing one may not). */
  closeDatabase?: boolean;
  logger?: FastifyBaseLogger;
  /** Run the outbox's sender on its timer (the server does; tests drain it by hand). */
  sendMail?: boolean;
  /** Run the periodic jobs (reminders, retention) on their timers (the server does; tests run them by hand). */
  runJobs?: boolean;
};

/** The whole server as one Fastify instance: what `server.ts` listens with and what tests inject into. */
/** Expects a migrated database (see startup/prepare-database.ts). */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  closeDatabase = true,
  logger = pino(loggerOptions(config)),
  sendMail = false,
  runJobs = false,
}: AppOptions) {
  const trustProxy = trustFunction(config.trustProxy);
  const app = Fastify({
    loggerInstance: logger,
    genReqId: (request) =>
      requestIdOf(
        request.headers['x-request-id'],
        trustProxy?.(request.socket.remoteAddress ?? '', 0) === true,
      ),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxy ?? false,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  }) as unknown as FastifyInstance;
  // JSON in, JSON out: without this, Fastify's built-in text/plain parser would let plain-text bodies in.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(routeCataloguePlugin);
  await app.register(appContextPlugin, { config, clock });
  await app.register(databasePlugin, { handle: database, closeOnShutdown: closeDatabase });
  await app.register(writeTransactionsPlugin);
  await app.register(photoStorePlugin);
  await app.register(securityEventRecorderPlugin);
  await app.register(mailSenderPlugin, { start: sendMail });
  await app.register(jobsPlugin, { start: runJobs });
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin, { perMinute: config.rateLimitPerMinute });
  await app.register(cookie);
  await app.register(xsrfPlugin, { cookieSecure: config.cookieSecure });
  const tokens = await createTokenService({
    db: database.db,
    configuredSecret: config.jwtSecret,
    ttlSeconds: config.tokenTtlSeconds,
    sessionMaxSeconds: config.sessionMaxSeconds,
    clock,
  });
  await app.register(authPlugin, { tokens });
  await app.register(accountScopePlugin);
  await app.register(openapiPlugin);

  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(aboutRoutes, { prefix: '/api' });
  await app.register(authenticateRoutes, { prefix: '/api/authenticate' });
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(customerRoutes, { prefix: '/api/customer' });
  await app.register(gatewayRoutes, { prefix: '/api/gateway' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(selfReadingRoutes, { prefix: '/api/selfreading' });
  await app.register(photoRoutes, { prefix: '/api/photos' });
  await app.register(staticAppPlugin, { webDist: config.webDist });

  return app;
}
