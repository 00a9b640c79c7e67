import type { Claims, LoginResponse } from '@maaler/contract';

/** The answer to a successful sign-in, by password or by a device credential: one shape for the app. */
export function loginSucceeded(outcome: {
  token: string;
  resetPassword: boolean;
  claims: Claims;
}): LoginResponse {
  return {
    Success: true,
    Message: '',
    ResetPassword: outcome.resetPassword,
    Token: outcome.token,
    Claims: outcome.claims,
  };
}
