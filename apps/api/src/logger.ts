import type { LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/** Structured JSON logs; secrets never reach them. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
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
