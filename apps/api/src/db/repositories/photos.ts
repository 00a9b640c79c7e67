import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Who a stored photo belongs to: enough to decide whether an upload or a reading may name it. */
export type PhotoOwner = { accountId: string; uploadedBy: string };

export type NewPhoto = PhotoOwner & {
  id: string;
  customerId: string;
  uploadedAt: string;
  /** The JPEG when the database keeps it; null when an object store does. */
  bytes: Buffer | null;
  width: number;
  height: number;
  size: number;
};

export async function selectPhotoOwner(db: Kysely<Database>, id: string): Promise<PhotoOwner | undefined> {
  return db
    .selectFrom('photos')
    .select(['account_id as accountId', 'uploaded_by as uploadedBy'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts the photo unless its id is taken; answers whether it did. */
export async function insertPhotoIfAbsent(trx: Kysely<Database>, photo: NewPhoto): Promise<boolean> {
  const rows = await trx
    .insertInto('photos')
    .values({
      id: photo.id,
      customer_id: photo.customerId,
      account_id: photo.accountId,
      uploaded_by: photo.uploadedBy,
      uploaded_at: photo.uploadedAt,
      bytes: photo.bytes,
      width: photo.width,
      height: photo.height,
      size: photo.size,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Whether the account has the photo (the one rule for reading it: the account's users). */
export async function photoOfAccountExists(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('photos')
    .select('id')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The JPEG the database keeps for a photo; undefined when it keeps none. */
export async function selectPhotoBytes(db: Kysely<Database>, id: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('photos').select('bytes').where('id', '=', id).executeTakeFirst();
  return row?.bytes ? Buffer.from(row.bytes) : undefined;
}

/** Of `ids`, those the user uploaded to the account. */
export async function selectOwnPhotoIds(
  db: Kysely<Database>,
  owner: PhotoOwner,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('photos')
    .select('id')
    .where('id', 'in', ids)
    .where('account_id', '=', owner.accountId)
    .where('uploaded_by', '=', owner.uploadedBy)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Photos to delete by the retention rule: uploaded before `cutoff`, or before `unattachedBefore`
 * while no reading names them.
 */
export async function selectExpiredPhotoIds(
  db: Kysely<Database>,
  cutoff: string,
  unattachedBefore: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('photos as p')
    .select('p.id')
    .where((eb) =>
      eb.or([
        eb('p.uploaded_at', '<', cutoff),
        eb.and([
          eb('p.uploaded_at', '<', unattachedBefore),
          eb.not(
            eb.exists(
              eb
                .selectFrom('reading_evidence as e')
                .select('e.reading_id')
                .whereRef('e.photo_id', '=', 'p.id'),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('p.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes the photos and their links from readings; a reading's note stays, so only evidence rows
 * left with neither photo nor note go. Answers how many links were removed.
 */
export async function deletePhotosAndLinks(trx: Kysely<Database>, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const unlinked = await trx
    .updateTable('reading_evidence')
    .set({ photo_id: null })
    .where('photo_id', 'in', ids)
    .executeTakeFirst();
  await trx.deleteFrom('reading_evidence').where('photo_id', 'is', null).where('note', 'is', null).execute();
  await trx.deleteFrom('photos').where('id', 'in', ids).execute();
  return Number(unlinked.numUpdatedRows);
}
