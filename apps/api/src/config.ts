import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_MAIL_SMTP_CONNECTIONS,
  DEFAULT_MAIL_SMTP_MAX_MESSAGES,
  DEFAULT_PHOTO_RETENTION_DAYS,
  DEFAULT_REMINDER_DAYS_BEFORE_DEADLINE,
  DEFAULT_RETENTION_DISABLED_USER_DAYS,
  DEFAULT_RETENTION_LOGIN_EVENTS_DAYS,
  DEFAULT_RETENTION_OUTBOX_DAYS,
  DEFAULT_RETENTION_READINGS_YEARS,
  DEFAULT_RETENTION_SELF_READING_LINK_DAYS,
  DEFAULT_SELF_READING_DEADLINE_DAYS,
  MAX_OPERATOR_TEXT_LENGTH,
} from '@maaler/contract';
import { z } from 'zod';

/** The repository root, so relative defaults do not depend on the working directory npm picked. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A text the operator may leave unset: blank counts as unset (null), so the app shows its own wording. */
const operatorText = z
  .string()
  .trim()
  .max(MAX_OPERATOR_TEXT_LENGTH)
  .optional()
  .transform((value) => (value ? value : null));

/** An address or a CIDR range, as Fastify's trustProxy takes them. */
const isAddressOrRange = (entry: string): boolean => {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
};

/**
 * Which proxies are trusted for the client address, protocol and request id: none (unset), the
 * nearest N hops (a number), or the listed addresses and ranges. "Trust everything" is not offered:
 * any client could then choose its own address and dodge the per-address limits.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'a hop count (e.g. 1) or a comma-separated list of addresses/CIDR ranges',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  DEMO: flag,
  WEB_DIST: z.string().default('apps/web/dist'),
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_SECONDS: positiveInt(12 * 60 * 60),
  SESSION_MAX_SECONDS: positiveInt(24 * 60 * 60),
  TRUST_PROXY: trustProxy,
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: positiveInt(600),
  LOGIN_MAX_FAILURES: positiveInt(5),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt(50),
  LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt(20),
  LOGIN_WINDOW_SECONDS: positiveInt(15 * 60),
  LOGIN_LOCKOUT_SECONDS: positiveInt(15 * 60),
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).default(1000),
  IDEMPOTENCY_TTL_HOURS: positiveInt(24),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(10),
  OPERATOR_NAME: operatorText,
  OPERATOR_CONTACT: operatorText,
  ACCESSIBILITY_CONTACT: operatorText,
  ACCESSIBILITY_PHONE: operatorText,
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .or(z.literal('')),
  MAIL_FROM: z.string().min(3).default('Måleraflæsning <noreply@localhost>'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('')),
  MAIL_SEND_INTERVAL_SECONDS: z.coerce.number().positive().default(10),
  MAIL_MAX_ATTEMPTS: positiveInt(10),
  MAIL_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(DEFAULT_MAIL_SMTP_CONNECTIONS),
  MAIL_SMTP_MAX_MESSAGES: positiveInt(DEFAULT_MAIL_SMTP_MAX_MESSAGES),
  SELF_READING_DEADLINE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(366)
    .default(DEFAULT_SELF_READING_DEADLINE_DAYS),
  RETENTION_READINGS_YEARS: positiveInt(DEFAULT_RETENTION_READINGS_YEARS),
  RETENTION_LOGIN_EVENTS_DAYS: positiveInt(DEFAULT_RETENTION_LOGIN_EVENTS_DAYS),
  RETENTION_DISABLED_USER_DAYS: positiveInt(DEFAULT_RETENTION_DISABLED_USER_DAYS),
  RETENTION_OUTBOX_DAYS: positiveInt(DEFAULT_RETENTION_OUTBOX_DAYS),
  RETENTION_SELF_READING_LINK_DAYS: positiveInt(DEFAULT_RETENTION_SELF_READING_LINK_DAYS),
  PHOTO_RETENTION_DAYS: positiveInt(DEFAULT_PHOTO_RETENTION_DAYS),
  RETENTION_INTERVAL_HOURS: z.coerce.number().min(0).default(24),
  PHOTO_STORE: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 's3://bucket or s3://bucket/prefix')
    .optional()
    .or(z.literal('')),
  REMINDER_DAYS_BEFORE_DEADLINE: z.coerce
    .number()
    .int()
    .min(0)
    .max(366)
    .default(DEFAULT_REMINDER_DAYS_BEFORE_DEADLINE),
  REMINDER_CHECK_INTERVAL_SECONDS: z.coerce.number().positive().default(900),
});

/** PHOTO_STORE as the photo store takes it: the database (unset) or an S3 bucket and key prefix (ADR 045). */
export type PhotoStoreConfig = { kind: 'database' } | { kind: 's3'; bucket: string; prefix: string };

function photoStoreOf(value: string | undefined): PhotoStoreConfig {
  if (!value) return { kind: 'database' };
  const [bucket = '', ...path] = value.slice('s3://'.length).split('/');
  const prefix = path.join('/').replace(/^\/+|\/+$/g, '');
  return { kind: 's3', bucket, prefix: prefix ? `${prefix}/` : '' };
}

/** The settings as the server uses them, derived from the environment's schema. */
function configFrom(e: z.output<typeof envSchema>, argv: string[]) {
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    /** Readable lines for a person at a terminal; JSON lines for everything that collects logs. */
    logPretty:
      e.LOG_FORMAT === 'pretty' || (e.LOG_FORMAT === 'auto' && !production && process.stdout.isTTY === true),
    dataDir: resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    /** Seed demo data into an empty database. */
    demo: e.DEMO || (argv.includes('--demo') && !production),
    webDist: resolve(repoRoot, e.WEB_DIST),
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    /** Absolute lifetime of a session from its login; refreshes cannot carry it further. */
    sessionMaxSeconds: e.SESSION_MAX_SECONDS,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    /**
     * maxFailures counts per e-mail and address (and starts the slowdown per e-mail), maxFailuresPerIp
     * per client address, maxFailuresPerEmail per e-mail from all addresses together.
     */
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
      lockoutSeconds: e.LOGIN_LOCKOUT_SECONDS,
      slowdownMs: e.LOGIN_SLOWDOWN_MS,
    },
    idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
    /** How long a shutdown waits for open requests before it closes their connections. */
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    /** Who runs this installation and whom to contact; GET /api/about hands it to the app (ADR 038). */
    about: {
      operatorName: e.OPERATOR_NAME,
      operatorContact: e.OPERATOR_CONTACT,
      accessibilityContact: e.ACCESSIBILITY_CONTACT,
      accessibilityPhone: e.ACCESSIBILITY_PHONE,
    },
    mail: {
      /** Without it messages stay in the outbox, readable in `Udsendte e-mails` (ADR 037). */
      smtpUrl: e.SMTP_URL || undefined,
      from: e.MAIL_FROM,
      sendIntervalSeconds: e.MAIL_SEND_INTERVAL_SECONDS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      /** The SMTP pool: connections at once, and messages over one before it is renewed. */
      smtpPool: {
        maxConnections: e.MAIL_SMTP_CONNECTIONS,
        maxMessages: e.MAIL_SMTP_MAX_MESSAGES,
      },
    },
    /** Where residents reach the app: every link in an e-mail starts with it. */
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    /** Days after a reading period's end until which its self-reading links take values (ADR 039). */
    selfReadingDeadlineDays: e.SELF_READING_DEADLINE_DAYS,
    /** How long the retention job keeps each kind of data (ADR 042). */
    retention: {
      readingsYears: e.RETENTION_READINGS_YEARS,
      loginEventsDays: e.RETENTION_LOGIN_EVENTS_DAYS,
      disabledUserDays: e.RETENTION_DISABLED_USER_DAYS,
      outboxDays: e.RETENTION_OUTBOX_DAYS,
      selfReadingLinkDays: e.RETENTION_SELF_READING_LINK_DAYS,
      /** Read now; the photo rule uses it once photos exist. */
      photoDays: e.PHOTO_RETENTION_DAYS,
    },
    /** Hours between two runs of the retention job in the server; 0: it never runs there (the CLI still does). */
    retentionIntervalHours: e.RETENTION_INTERVAL_HOURS,
    /** Where photos' bytes live; region, endpoint and credentials of S3 come from the AWS_* variables. */
    photoStore: photoStoreOf(e.PHOTO_STORE),
    /** `Påmindelse` to residents whose meter is not read yet (ADR 044). */
    reminders: {
      daysBeforeDeadline: e.REMINDER_DAYS_BEFORE_DEADLINE,
      checkIntervalSeconds: e.REMINDER_CHECK_INTERVAL_SECONDS,
    },
  };
}

export type Config = ReturnType<typeof configFrom>;

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
  return configFrom(parsed.data, argv);
}

export function webDistExists(config: Config): boolean {
  return existsSync(resolve(config.webDist, 'index.html'));
}
