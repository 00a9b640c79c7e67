import { type PhotosDatabase, uploadPhoto } from '../photos/photo-uploads.ts';
import type { Clock } from '../shared/clock.ts';
import { liveLink, selfReadingUploader } from './self-reading-links.ts';

// A resident's photo (issue 36 on the self-reading link, ADR 043 amended 2026-11-28): authorised by the
// link's token alone. The link is its uploader, so the photo can only go on this link's readings (the
// reading write checks the uploader), no office user or other link can name it, and the link offers no
// way to read any photo back.

/**
 * Stores the photo for the link's account under the device's id, re-encoded like any upload (same 406
 * and 413 rules); the same id again through the same link changes nothing, an id another link or user
 * holds answers 404 like a refused link.
 */
export async function uploadSelfReadingPhoto(
  deps: { clock: Clock } & PhotosDatabase,
  request: { token: string; photoId: string; body: Buffer },
): Promise<{ created: boolean }> {
  const link = await liveLink(deps, request.token);
  return uploadPhoto(deps, {
    photoId: request.photoId,
    accountId: link.accountId,
    customerId: link.customerId,
    uploadedBy: selfReadingUploader(link.id),
    body: request.body,
    now: deps.clock.now(),
  });
}
