import { startApiUnderTest } from './lib/api-under-test.ts';
import { measureImport } from './lib/import-scenario.ts';
import { startPostgresServer } from './lib/postgres-server.ts';

/**
 * `node --import tsx bench/import.ts [--skip-postgres]`: the import's figures alone (ADR 018), on
 * SQLite and on a throwaway PostgreSQL server; `npm run bench` runs the same scenario.
 */
const log = (line: string) => console.log(line);

log('Import on SQLite');
const sqlite = await startApiUnderTest('sqlite');
try {
  await measureImport(sqlite, log);
} finally {
  await sqlite.stop();
}
if (!process.argv.includes('--skip-postgres')) {
  log('Import on PostgreSQL');
  const postgres = await startPostgresServer();
  try {
    const api = await startApiUnderTest('postgres', { postgresUrl: postgres.url });
    try {
      await measureImport(api, log);
    } finally {
      await api.stop();
    }
  } finally {
    await postgres.stop();
  }
}
