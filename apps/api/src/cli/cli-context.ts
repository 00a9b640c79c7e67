import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What a command needs: the database, somewhere to print, the time, and the links' settings. */
export type CliContext = {
  db: Kysely<Database>;
  print(line: string): void;
  now(): Date;
  /** The configuration's PUBLIC_URL and SELF_READING_DEADLINE_DAYS, for `selfreading:link`. */
  links: { publicUrl: string; selfReadingDeadlineDays: number };
};

export type Command = (args: string[], context: CliContext) => Promise<void>;
