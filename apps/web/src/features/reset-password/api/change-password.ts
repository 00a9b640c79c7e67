import { type ChangePasswordRequest, PasswordChangeResponse } from '@maaler/contract';
import { api } from '@/lib/http/api-client';

/** POST /api/user/changepassword; a success carries a fresh token, since older ones stop working. */
export function changePassword(body: ChangePasswordRequest): Promise<PasswordChangeResponse> {
  return api.post('/api/user/changepassword', body, PasswordChangeResponse);
}
