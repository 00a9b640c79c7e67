import { pino } from 'pino';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/engine/connection.ts';
import { migrateToLatest } from '../db/engine/migrate.ts';
import { loggerOptions } from '../logger.ts';
import { photoStoreOf } from '../services/photos/photo-store-of-config.ts';
import type { CliContext } from './cli-context.ts';

/** The configured database, migrated, with what the commands need beside it; `close` ends its connection. */
export type CommandSession = {
  context: Omit<CliContext, 'print' | 'now'>;
  close(): Promise<void>;
};

export async function openCommandSession(config: Config): Promise<CommandSession> {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    return {
      context: {
        db: database.db,
        links: { publicUrl: config.publicUrl, selfReadingDeadlineDays: config.selfReadingDeadlineDays },
        retention: {
          kind: database.kind,
          periods: config.retention,
          log: pino(loggerOptions(config)).child({ component: 'retention' }),
          photoStore: await photoStoreOf(config.photoStore),
        },
      },
      close: () => database.db.destroy(),
    };
  } catch (error) {
    await database.db.destroy();
    throw error;
  }
}
