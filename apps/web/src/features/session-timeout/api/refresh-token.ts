import { TokenRefreshResponse } from '@maaler/contract';
import { api } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session-storage';

/**
 * POST /api/authenticate/refreshtoken. The new token replaces the stored one only when it lasts
 * longer, so staying logged in can never shorten a session.
 */
export async function refreshToken(): Promise<void> {
  const { Token, expires } = await api.post('/api/authenticate/refreshtoken', undefined, TokenRefreshResponse);
  const current = Date.parse(sessionKeys.expires.get() ?? '');
  if (Number.isFinite(current) && current >= Date.parse(expires)) return;
  sessionKeys.token.set(Token);
  sessionKeys.expires.set(expires);
}
