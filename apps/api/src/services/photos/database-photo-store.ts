import { selectPhotoBytes } from '../../db/repositories/photos.ts';
import type { PhotoStore } from './photo-store.ts';

/**
 * The default: the JPEG in its `photos` row, so every instance on one database serves it and a
 * database backup includes it.
 */
export const databasePhotoStore: PhotoStore = {
  kind: 'database',
  put: async (_id, bytes) => bytes,
  get: (db, id) => selectPhotoBytes(db, id),
  // The bytes go with the row.
  delete: async () => undefined,
};
