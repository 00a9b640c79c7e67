import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { DatabaseKind } from '../db/engine/connection.ts';
import type { Database } from '../db/schema.ts';
import type { PhotoStore } from '../services/photos/photo-store.ts';
import type { RetentionPeriods } from '../services/retention/retention-cutoffs.ts';

/** What a command needs: the database, somewhere to print, the time, and the links' settings. */
export type CliContext = {
  db: Kysely<Database>;
  print(line: string): void;
  now(): Date;
  /** The configuration's PUBLIC_URL and SELF_READING_DEADLINE_DAYS, for `selfreading:link`. */
  links: { publicUrl: string; selfReadingDeadlineDays: number };
  /**
   * For `retention`: the database's kind (its lock), the configured periods, where its log line goes,
   * and the store the photos' files are in.
   */
  retention: {
    kind: DatabaseKind;
    periods: RetentionPeriods;
    log: Pick<BaseLogger, 'info'>;
    photoStore: PhotoStore;
  };
};

export type Command = (args: string[], context: CliContext) => Promise<void>;
