import { pino } from 'pino';
import { buildApp } from './app.ts';
import { loadConfig, webDistExists } from './config.ts';
import { openDatabase } from './db/engine/connection.ts';
import { loggerOptions } from './logger.ts';
import {
  LOW_HASH_COST_VARIABLE,
  PASSWORD_HASH_PARAMS,
  passwordHashParams,
} from './services/auth/passwords.ts';
import { DEMO_PASSWORD, demoUsers } from './startup/demo/demo-data.ts';
import { prepareDatabase } from './startup/prepare-database.ts';

const config = loadConfig();
const logger = pino(loggerOptions(config));
const database = openDatabase({ ...config, log: logger });

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  await prepareDatabase(database, { demo: config.demo, log: logger });
  app = await buildApp({ config, database, logger, sendMail: true, runJobs: true });
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  logger.fatal({ err }, 'server failed to start');
  await database.db.destroy();
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
app.log.info({ url: `http://${shownHost}:${port}`, database: database.kind, demo: config.demo }, 'ready');
if (!webDistExists(config)) app.log.warn('the app is not built: run "npm run build"');
if (passwordHashParams() !== PASSWORD_HASH_PARAMS)
  app.log.warn(`${LOW_HASH_COST_VARIABLE} is set: new password hashes are weak, for test runs only`);
if (config.demo) {
  // Plain lines for the person who just typed `npm start`, next to the JSON log.
  process.stdout.write(
    `\nMåleraflæsning kører på http://${shownHost}:${port}\nDemo-brugere (adgangskode ${DEMO_PASSWORD}):\n${demoUsers
      .map((u) => `  ${u.email}  (rolle ${u.role})`)
      .join('\n')}\n\n`,
  );
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A client that never finishes its request must not keep the process alive. Work already in a
    // handler still runs to its end: a reading is committed whole or not at all, and is only
    // acknowledged after its commit.
    setTimeout(() => {
      app.log.warn(
        { graceSeconds: config.shutdownGraceSeconds },
        'shutting down: closing connections still open after the grace period',
      );
      app.server.closeAllConnections();
    }, config.shutdownGraceSeconds * 1000).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  });
}
