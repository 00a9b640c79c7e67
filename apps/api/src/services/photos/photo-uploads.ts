import type { Kysely } from 'kysely';
import type { WriteWork } from '../../db/engine/group-commit.ts';
import {
  insertPhotoIfAbsent,
  type PhotoOwner,
  photoOfAccountExists,
  selectPhotoOwner,
} from '../../db/repositories/photos.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { reencodePhoto } from './photo-encoding.ts';
import type { PhotoStore } from './photo-store.ts';

export type PhotosDatabase = {
  db: Kysely<Database>;
  writeTransaction<T>(work: WriteWork<T>): Promise<T>;
  store: PhotoStore;
};

export type PhotoUpload = PhotoOwner & {
  /** The device's UUID, lower case. */
  photoId: string;
  customerId: string;
  body: Buffer;
  now: Date;
};

/**
 * Stores an upload under the device's id, re-encoded (photo-encoding.ts). The id is the upload's
 * idempotency: the same id again by the same user to the same account changes nothing and answers
 * `created: false`; an id another user or account holds answers 404, as if it did not exist.
 */
export async function uploadPhoto(
  database: PhotosDatabase,
  upload: PhotoUpload,
): Promise<{ created: boolean }> {
  const existing = await selectPhotoOwner(database.db, upload.photoId);
  if (existing) return { created: requireSameOwner(existing, upload) };

  const encoded = await reencodePhoto(upload.body);
  const rowBytes = await database.store.put(upload.photoId, encoded.bytes);
  const inserted = await database.writeTransaction((trx) =>
    insertPhotoIfAbsent(trx, {
      id: upload.photoId,
      customerId: upload.customerId,
      accountId: upload.accountId,
      uploadedBy: upload.uploadedBy,
      uploadedAt: upload.now.toISOString(),
      bytes: rowBytes,
      width: encoded.width,
      height: encoded.height,
      size: encoded.bytes.length,
    }),
  );
  if (inserted) return { created: true };
  // A twin request won the race: the same answer if it was this user's, else nothing to see.
  const winner = await selectPhotoOwner(database.db, upload.photoId);
  if (!winner) throw new Error(`photo ${upload.photoId} vanished after a conflicting insert`);
  return { created: requireSameOwner(winner, upload) };
}

/** `false` (nothing created) when the photo is the uploader's on this account; 404 otherwise. */
function requireSameOwner(owner: PhotoOwner, upload: PhotoOwner): false {
  if (owner.accountId !== upload.accountId || owner.uploadedBy !== upload.uploadedBy)
    throw new NotFoundError();
  return false;
}

/**
 * The photo's JPEG for a user who reaches the account (checked by the caller); 404 for an id the
 * account does not have, whoever has it.
 */
export async function photoOfAccount(
  database: Pick<PhotosDatabase, 'db' | 'store'>,
  accountId: string,
  photoId: string,
): Promise<Buffer> {
  if (!(await photoOfAccountExists(database.db, accountId, photoId))) throw new NotFoundError();
  const bytes = await database.store.get(database.db, photoId);
  if (!bytes) throw new NotFoundError();
  return bytes;
}
