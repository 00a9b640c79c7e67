import { PhotoUploaded } from '@maaler/contract';
import { API_BASE } from '@/config/env';
import { ApiError, buildHeaders } from '../../http/api-client';
import { isOfflineSession, resetSession } from '../../session/auth-status';
import { parseOrThrow } from '../../zod';

/**
 * PUT /api/photos/{accountId}/{photoId}: the shrunk JPEG's bytes under the id the device gave the
 * photo. Repeating it with the same id changes nothing on the server, so a SEND retried after a lost
 * answer uploads again safely. Fails like the API client does: fetch's TypeError without an answer
 * (or in an offline session without a token yet), ApiError for a refusal, and a 401 ends the session.
 */
export async function putPhoto(accountId: string, photoId: string, photo: Blob): Promise<PhotoUploaded> {
  if (isOfflineSession()) throw new TypeError('Signed in without a connection: no token yet');
  const url = `${API_BASE}/api/photos/${encodeURIComponent(accountId)}/${encodeURIComponent(photoId)}`;
  const headers = buildHeaders(url, 'PUT', false);
  headers.set('Content-Type', 'image/jpeg');
  // The bytes rather than the Blob: a Blob body is streamed apart from the request, where DevTools and
  // the browser tests cannot read what was sent; one photo of ≤ 300 KB in memory for the upload.
  const bytes = await photo.arrayBuffer();
  const response = await fetch(url, { method: 'PUT', headers, body: bytes, credentials: 'same-origin' });
  const text = await response.text();
  const body: unknown = text === '' ? null : parsedOrText(text);
  if (!response.ok) {
    if (response.status === 401) resetSession();
    throw new ApiError(response.status, body);
  }
  return parseOrThrow(PhotoUploaded, body);
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
