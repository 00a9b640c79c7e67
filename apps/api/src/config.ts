import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so relative defaults do not depend on the working directory npm picked. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  DEMO: flag,
  WEB_DIST: z.string().default('apps/web/dist'),
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60),
  TRUST_PROXY: flag,
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  LOGIN_LOCKOUT_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().positive().default(24),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(10),
});

export type Config = {
  env: string;
  host: string;
  port: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seed demo data into an empty database. */
  demo: boolean;
  webDist: string;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  trustProxy: boolean;
  cookieSecure: 'auto' | 'always' | 'never';
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  /** maxFailures counts per e-mail address, maxFailuresPerIp per client address. */
  login: { maxFailures: number; maxFailuresPerIp: number; windowSeconds: number; lockoutSeconds: number };
  idempotencyTtlHours: number;
  /** How long a shutdown waits for open requests before it closes their connections. */
  shutdownGraceSeconds: number;
};

/**
 * Reads configuration from the environment. `--demo` (what `npm start` passes) seeds demo data unless
 * NODE_ENV=production; DEMO=1 forces it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir: resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    demo: e.DEMO || (argv.includes('--demo') && !production),
    webDist: resolve(repoRoot, e.WEB_DIST),
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
      lockoutSeconds: e.LOGIN_LOCKOUT_SECONDS,
    },
    idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
  };
}

export function webDistExists(config: Config): boolean {
  return existsSync(resolve(config.webDist, 'index.html'));
}
