import type { Kysely } from 'kysely';
import { deletePhotosAndLinks, selectExpiredPhotoIds } from '../../db/repositories/photos.ts';
import type { Database } from '../../db/schema.ts';
import type { PhotoStore } from './photo-store.ts';

/** An upload no reading names after this long was abandoned (the device sends the reading right after). */
export const UNATTACHED_PHOTO_HOURS = 24;

export type PhotoRetentionOptions = {
  /** Counts what would go, deleting nothing. */
  dryRun: boolean;
  /** From when the unattached uploads' day is counted. */
  now: Date;
  log: { info(details: object, message: string): void };
};

export type PhotoRetentionResult = { photos: number; links: number };

/**
 * PHOTO_RETENTION_DAYS' rule (ADR 045): deletes the photos uploaded before `cutoff` and the uploads
 * older than a day that no reading names, with their links from readings (a reading's note stays).
 * The rows go in one transaction; an object store's copies after its commit, so a failure there
 * leaves unreachable objects, never a row without its photo. Logs the count.
 */
export async function deletePhotosOlderThan(
  db: Kysely<Database>,
  store: PhotoStore,
  cutoff: Date,
  options: PhotoRetentionOptions,
): Promise<PhotoRetentionResult> {
  const unattachedBefore = new Date(options.now.getTime() - UNATTACHED_PHOTO_HOURS * 3_600_000);
  const findExpired = (reader: Kysely<Database>) =>
    selectExpiredPhotoIds(reader, cutoff.toISOString(), unattachedBefore.toISOString());

  let result: PhotoRetentionResult;
  let ids: string[] = [];
  if (options.dryRun) {
    result = { photos: (await findExpired(db)).length, links: 0 };
  } else {
    result = await db.transaction().execute(async (trx) => {
      ids = await findExpired(trx);
      return { photos: ids.length, links: await deletePhotosAndLinks(trx, ids) };
    });
    await store.delete(ids);
  }
  options.log.info(
    { ...result, dryRun: options.dryRun, cutoff: cutoff.toISOString(), store: store.kind },
    options.dryRun ? 'photos due for deletion by retention' : 'photos deleted by retention',
  );
  return result;
}
