import type { ReadingPayload } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ServerReadingSource } from './reading-validation.ts';

/** A batch of readings one user sends for one account at one time. */
export type RegisterReadings = {
  accountId: string;
  userId: string;
  batch: readonly ReadingPayload[];
  now: Date;
  /**
   * Set by the server's own writers that are not a client's SEND (the self-reading link, ADR 039): every
   * reading of the batch gets this source, and a client's `source` in the payload plays no part.
   */
  serverSource?: ServerReadingSource;
  /** The sender's role, where `Foto påkrævet` applies (a client's SEND); absent for the server's own writers. */
  senderRole?: number;
  /**
   * Whose uploads the batch's photos must be, where not the user's: a self-reading link's photos are
   * the link's own (selfReadingUploader), so no other link and no office user can name them.
   */
  photoUploader?: string;
  /** Where a move's clearing of a resident's contact is logged (ADR 046). */
  log?: { info: (fields: object, message: string) => void };
  /** Logs `task.opened` in the transaction when a reading's note marked for follow-up opens a task (issue 37). */
  onTaskOpened?: (trx: Kysely<Database>, task: { deviceId: number; taskId: number }) => Promise<void>;
};
