import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What a command needs: the database, somewhere to print, and the time. */
export type CliContext = {
  db: Kysely<Database>;
  print(line: string): void;
  now(): Date;
};

export type Command = (args: string[], context: CliContext) => Promise<void>;
