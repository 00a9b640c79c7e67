import { z } from 'zod/mini';
import { Claims, LoginResponse } from './auth.ts';
import { OpaqueId } from './guaranteed.ts';

// The login answer as a client may rely on it (ADR 012): the user's id is opaque. Apart from the
// other guaranteed schemas, so that the bundle keeps the login schemas with the sign-in code.

export const GuaranteedClaims = z.extend(Claims, { nameIdentifier: OpaqueId });
export type GuaranteedClaims = z.infer<typeof GuaranteedClaims>;

export const GuaranteedLoginResponse = z.extend(LoginResponse, { Claims: z.nullable(GuaranteedClaims) });
export type GuaranteedLoginResponse = z.infer<typeof GuaranteedLoginResponse>;
