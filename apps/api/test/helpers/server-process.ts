import { join } from 'node:path';
import {
  type ServerOptions,
  type ServerProcess,
  startServer as startApiServer,
} from '@maaler/test-support/server-process';
import type { StoreLocation } from '@maaler/test-support/server-store';

export { killStartedServers, type ServerProcess } from '@maaler/test-support/server-process';

/**
 * The real API server as a child process, set up for tests: test mode, quiet logs, no built app to
 * serve, and a rate limit no test reaches unless it sets its own.
 */
export const startServer = (
  store: StoreLocation,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<ServerProcess> =>
  startApiServer(
    store,
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(store.dataDir, 'no-web'),
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    options,
  );
