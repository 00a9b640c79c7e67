import { GuaranteedLoginResponse, LOGIN_AREA, type LoginRequest } from '@maaler/contract';
import { api } from '../http/api-client';

export type Credentials = Omit<LoginRequest, 'area'>;

/** POST /api/authenticate/userauthenticate/v2 with the fixed area 9. A wrong password is `Success: false`. */
export function login(credentials: Credentials): Promise<GuaranteedLoginResponse> {
  const body: LoginRequest = { ...credentials, area: LOGIN_AREA };
  return api.post('/api/authenticate/userauthenticate/v2', body, GuaranteedLoginResponse);
}
