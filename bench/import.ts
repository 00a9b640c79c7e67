import { parseArgs } from 'node:util';
import { type PostgresServer, startPostgresServer } from '@maaler/test-support/postgres-server';
import { startApiUnderTest } from './lib/api-under-test.ts';
import { measureImport } from './lib/import-scenario.ts';

/**
 * `node --import tsx bench/import.ts [--skip-postgres] [--postgres-url URL]`: the import's figures
 * alone (ADR 018), on SQLite and on PostgreSQL (a throwaway server unless a URL is given; each run
 * makes its own database on it); `npm run bench` runs the same scenario.
 */
const { values } = parseArgs({
  options: { 'skip-postgres': { type: 'boolean', default: false }, 'postgres-url': { type: 'string' } },
});
const log = (line: string) => console.log(line);

log('Import on SQLite');
const sqlite = await startApiUnderTest('sqlite');
try {
  await measureImport(sqlite, log);
} finally {
  await sqlite.stop();
}
if (!values['skip-postgres']) {
  log('Import on PostgreSQL');
  const postgres: Pick<PostgresServer, 'url' | 'stop'> = values['postgres-url']
    ? { url: values['postgres-url'], stop: async () => {} }
    : await startPostgresServer();
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
