import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { runCli } from '../../src/cli/run-cli.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/schema.ts';
import { databasePhotoStore } from '../../src/services/photos/database-photo-store.ts';
import { onPostgres } from '../helpers/test-store.ts';

/** Runs one CLI command in-process against `db` and collects what it prints, with a fixed clock. */
export function inProcessCli(db: () => Kysely<Database>) {
  return async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      db: db(),
      print: (line) => out.push(line),
      printError: (line) => err.push(line),
      now: () => new Date('2026-11-22T10:00:00Z'),
      links: { publicUrl: 'http://localhost:8080', selfReadingDeadlineDays: 14 },
      retention: {
        kind: onPostgres() ? 'postgres' : 'sqlite',
        periods: loadConfig({}, []).retention,
        log: pino({ level: 'silent' }),
        photoStore: databasePhotoStore,
      },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}
