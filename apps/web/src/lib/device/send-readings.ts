import type { RegisterReadingsResponse } from '@maaler/contract';
import { api } from '../http/api-client';
import { answerSchema } from '../server-data/answer-schema';
import { type ReadingSend, readingBatch } from './reading-send';

const answer = answerSchema('RegisterReadingsResponse');

// The one client of the readings call: the reading screen sends a SEND with it, and the sync a SEND
// kept on the device. Not in lib/server-data/, whose modules form one chunk with the API
// client: this module's imports (the contract's dates) would tie that chunk to another in a circle.

/**
 * A SEND as the server takes it: its photo first (PUT, idempotent under the photo's id), then
 * POST /api/gateway/manualregisterdeviceitemdata/{accountId} with the readings that name it, all or
 * none. The key is one per press of SEND and stays the same for every attempt, so it cannot store
 * twice. The upload's code loads only for a SEND with a photo.
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
  return api.post(
    `/api/gateway/manualregisterdeviceitemdata/${encodeURIComponent(accountId)}`,
    readingBatch(send),
    answer,
    { 'Idempotency-Key': idempotencyKey },
  );
}
