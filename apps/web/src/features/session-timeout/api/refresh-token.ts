import { TokenRefreshResponse } from '@maaler/contract';
import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';
import { api } from '@/lib/http/api-client';

/**
 * POST /api/authenticate/refreshtoken. The new token replaces the stored one only when it lasts
 * longer, so staying logged in can never shorten a session.
 */
export async function refreshToken(): Promise<void> {
  const { Token, expires } = await api.post(
    '/api/authenticate/refreshtoken',
    undefined,
    TokenRefreshResponse,
  );
  const current = Date.parse(plainSessionKeys.expires.get() ?? '');
  if (Number.isFinite(current) && current >= Date.parse(expires)) return;
  plainSessionKeys.token.set(Token);
  plainSessionKeys.expires.set(expires);
}
