import { z } from 'zod/mini';
import { Guid } from './ids.ts';

/**
 * Answer of PUT /api/photos/{accountId}/{photoId} (issue 36): the body is the image's bytes
 * (`image/jpeg`, `image/png` or `image/webp`); the server decodes and re-encodes it as JPEG, so no
 * metadata of the original survives. A repeated upload of the same id by the same user answers the same.
 */
export const PhotoUploaded = z.object({ Success: z.literal(true), PhotoId: Guid });
export type PhotoUploaded = z.infer<typeof PhotoUploaded>;
