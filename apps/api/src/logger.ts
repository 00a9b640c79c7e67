import type { LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/** Structured logs (JSON lines, or pino-pretty's lines at a terminal); secrets never reach them. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logPretty'>): LoggerOptions {
  return {
    level: config.logLevel,
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordrepeat',
        '*.currentpassword',
        '*.Token',
      ],
      censor: '[redacted]',
    },
  };
}
