import { TokenRefreshResponse } from '@maaler/contract';
import { api } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session-storage';

/** POST /api/authenticate/refreshtoken, storing the new token and its expiry in the session profile. */
export async function refreshToken(): Promise<void> {
  const { Token, expires } = await api.post(
    '/api/authenticate/refreshtoken',
    undefined,
    TokenRefreshResponse,
  );
  sessionKeys.token.set(Token);
  sessionKeys.expires.set(expires);
}
