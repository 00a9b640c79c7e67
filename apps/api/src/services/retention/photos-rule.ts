import type { BaseLogger } from 'pino';
import { deletePhotosOlderThan } from '../photos/photo-retention.ts';
import type { PhotoStore } from '../photos/photo-store.ts';
import type { RetentionRule } from './retention-rule.ts';

/**
 * Photos after PHOTO_RETENTION_DAYS, and uploads no reading names after a day (ADR 045), with their
 * links from readings; a reading's note stays. The photo service deletes the rows in one transaction
 * and an object store's copies after its commit, so the rule takes them all at once.
 */
export function photosRule(store: PhotoStore, log: Pick<BaseLogger, 'info'>): RetentionRule {
  const run =
    (dryRun: boolean) => (db: Parameters<RetentionRule['countDue']>[0], photosBefore: string, now: Date) =>
      deletePhotosOlderThan(db, store, new Date(photosBefore), { dryRun, now, log });
  return {
    kind: 'photos',
    countDue: async (db, cutoffs, now) => (await run(true)(db, cutoffs.photosBefore, now)).photos,
    purgeAll: async (db, cutoffs, now) => (await run(false)(db, cutoffs.photosBefore, now)).photos,
  };
}
