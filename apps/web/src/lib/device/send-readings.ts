import type { RegisterReadingsResponse } from '@maaler/contract';
import { postReadings } from './post-readings';
import type { ReadingSend } from './reading-send';

/**
 * A SEND as the server takes it: its photo first (PUT, idempotent under the photo's id), then the
 * readings that name it, with the SEND's key. The upload's code loads only for a SEND with a photo.
 */
export async function sendReadings(
  accountId: string,
  send: ReadingSend,
  idempotencyKey: string,
  photo: Blob | undefined,
): Promise<RegisterReadingsResponse> {
  if (send.photoId && photo) {
    const { putPhoto } = await import('./photos/put-photo');
    await putPhoto(accountId, send.photoId, photo);
  }
  return postReadings(accountId, send, idempotencyKey);
}
