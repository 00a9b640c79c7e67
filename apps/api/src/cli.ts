import { pino } from 'pino';
import { FILE_COMMANDS, runCli, runFileCli } from './cli/run-cli.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/engine/connection.ts';
import { migrateToLatest } from './db/engine/migrate.ts';
import { loggerOptions } from './logger.ts';
import { photoStoreOf } from './services/photos/photo-store-of-config.ts';

// Operator tool: the same configuration and database as the server (DATA_DIR or DATABASE_URL).
const config = loadConfig(process.env, []);
const argv = process.argv.slice(2);
const output = {
  print: (line: string) => process.stdout.write(`${line}\n`),
  printError: (line: string) => process.stderr.write(`${line}\n`),
  now: () => new Date(),
};

try {
  if (argv[0] !== undefined && Object.hasOwn(FILE_COMMANDS, argv[0])) {
    // backup/restore handle the file themselves: an open connection would hold it during a restore.
    process.exitCode = await runFileCli(argv, {
      ...output,
      config,
      workingDir: process.env.INIT_CWD ?? process.cwd(),
    });
  } else {
    const database = openDatabase(config);
    try {
      await migrateToLatest(database.db);
      const links = { publicUrl: config.publicUrl, selfReadingDeadlineDays: config.selfReadingDeadlineDays };
      const retention = {
        kind: database.kind,
        periods: config.retention,
        log: pino(loggerOptions(config)).child({ component: 'retention' }),
        photoStore: await photoStoreOf(config.photoStore),
      };
      process.exitCode = await runCli(argv, { ...output, db: database.db, links, retention });
    } finally {
      await database.db.destroy();
    }
  }
} catch (error) {
  process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
