import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Where a photo's JPEG lives (ADR 045). The `photos` row always holds the photo's facts; the store
 * decides whether the bytes go in that row (the database store, the default) or elsewhere.
 */
export interface PhotoStore {
  readonly kind: 'database' | 's3';
  /** Keeps the JPEG; answers what the photo's row holds in `bytes` (null when kept elsewhere). */
  put(id: string, bytes: Buffer): Promise<Buffer | null>;
  /** The JPEG, or undefined when the store has none for this id. */
  get(db: Kysely<Database>, id: string): Promise<Buffer | undefined>;
  /** Removes what the store keeps outside the database; the rows are deleted by the caller. */
  delete(ids: readonly string[]): Promise<void>;
}
