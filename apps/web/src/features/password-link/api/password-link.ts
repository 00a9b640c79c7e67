import {
  type ForgotPasswordRequest,
  ForgotPasswordResponse,
  type SetPasswordRequest,
  SetPasswordResponse,
} from '@maaler/contract';
import { api } from '@/lib/http/api-client';

/** POST /api/authenticate/forgotpassword: the same answer whether the e-mail is a user's or not. */
export function requestResetLink(body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
  return api.post('/api/authenticate/forgotpassword', body, ForgotPasswordResponse);
}

/** POST /api/authenticate/setpassword: `Success: false` carries the Danish reason. */
export function setPasswordWithLink(body: SetPasswordRequest): Promise<SetPasswordResponse> {
  return api.post('/api/authenticate/setpassword', body, SetPasswordResponse);
}
