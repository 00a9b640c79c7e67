import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { PhotoStore } from './photo-store.ts';

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

export type S3PhotoStoreOptions = { bucket: string; prefix: string };

/**
 * PHOTO_STORE=s3://bucket/prefix (ADR 045): the JPEG as the object `<prefix><photo id>` in an
 * S3-compatible store; region, endpoint (AWS_ENDPOINT_URL) and credentials come from the usual AWS_*
 * variables through the SDK's own chain. The `photos` row keeps the facts and the access rule.
 */
export function createS3PhotoStore(
  { bucket, prefix }: S3PhotoStoreOptions,
  client: S3Client = new S3Client({ forcePathStyle: true }),
): PhotoStore {
  const keyOf = (id: string) => `${prefix}${id}`;
  return {
    kind: 's3',
    async put(id, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: keyOf(id), Body: bytes, ContentType: 'image/jpeg' }),
      );
      return null;
    },
    async get(_db, id) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(id) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async delete(ids) {
      for (let start = 0; start < ids.length; start += DELETE_BATCH) {
        const keys = ids.slice(start, start + DELETE_BATCH).map((id) => ({ Key: keyOf(id) }));
        await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      }
    },
  };
}
