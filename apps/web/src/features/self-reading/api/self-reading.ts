import { SELF_READING_TOKEN_HEADER, SelfReadingLink, type SelfReadingRequest } from '@maaler/contract';
import { API_BASE } from '@/config/env';
import { ApiError, api, apiRequest, buildHeaders } from '@/lib/http/api-client';

/** GET /api/selfreading/link: the token in a header, never in the address (logs keep those). */
export function openSelfReadingLink(token: string): Promise<SelfReadingLink> {
  return apiRequest('/api/selfreading/link', SelfReadingLink, {
    headers: { [SELF_READING_TOKEN_HEADER]: token },
    withoutSession: true,
  });
}

/** POST /api/selfreading/reading: answers the page anew, with the values as received. */
export function sendSelfReading(body: SelfReadingRequest): Promise<SelfReadingLink> {
  return api.post('/api/selfreading/reading', body, SelfReadingLink);
}

/**
 * PUT /api/selfreading/photo/{photoId} (issue 36): the shrunk JPEG's bytes under the id the device
 * gave it, authorised by the link's token alone; the same id again changes nothing.
 */
export async function putSelfReadingPhoto(token: string, photoId: string, photo: Blob): Promise<void> {
  const url = `${API_BASE}/api/selfreading/photo/${encodeURIComponent(photoId)}`;
  const headers = buildHeaders(url, 'PUT', false);
  headers.set('Content-Type', 'image/jpeg');
  headers.set(SELF_READING_TOKEN_HEADER, token);
  const response = await fetch(url, {
    method: 'PUT',
    headers,
    body: await photo.arrayBuffer(),
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ApiError(response.status, await answerOf(response));
}

async function answerOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
