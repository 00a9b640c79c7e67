import type { PhotoStoreConfig } from '../../config.ts';
import { databasePhotoStore } from './database-photo-store.ts';
import type { PhotoStore } from './photo-store.ts';

/** The store PHOTO_STORE names; the S3 client is loaded only when one is configured. */
export async function photoStoreOf(config: PhotoStoreConfig): Promise<PhotoStore> {
  if (config.kind === 'database') return databasePhotoStore;
  const { createS3PhotoStore } = await import('./s3-photo-store.ts');
  return createS3PhotoStore(config);
}
