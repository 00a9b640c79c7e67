import { runCli } from './cli/run-cli.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';

// Operator tool: the same configuration and database as the server (DATA_DIR or DATABASE_URL).
const config = loadConfig(process.env, []);
const database = openDatabase(config);
try {
  await migrateToLatest(database.db);
  process.exitCode = await runCli(process.argv.slice(2), {
    db: database.db,
    print: (line) => process.stdout.write(`${line}\n`),
    printError: (line) => process.stderr.write(`${line}\n`),
    now: () => new Date(),
  });
} catch (error) {
  process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.db.destroy();
}
