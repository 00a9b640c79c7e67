import { SELF_READING_TOKEN_HEADER, SelfReadingLink, type SelfReadingRequest } from '@maaler/contract';
import { api, apiRequest } from '@/lib/http/api-client';

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
