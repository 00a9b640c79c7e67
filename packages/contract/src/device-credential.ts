import { z } from 'zod/mini';
import { MAX_DEVICE_CREDENTIAL_LENGTH } from './constants.ts';

/**
 * POST /api/authenticate/devicecredential (offline sign-in, ADR 034): a credential for the presented
 * token's session, which the device keeps encrypted under a key derived from the password and later
 * exchanges for a token of the same session. `Expires` is the session's absolute end.
 */
export const DeviceCredentialResponse = z.object({
  Success: z.literal(true),
  /** `<id>.<secret>`; the server keeps only a hash of the secret. */
  Credential: z.string(),
  /** ISO 8601 in UTC. */
  Expires: z.iso.datetime(),
});
export type DeviceCredentialResponse = z.infer<typeof DeviceCredentialResponse>;

/**
 * Body of POST /api/authenticate/exchangedevicecredential. Any text within the bound is taken: a
 * credential that is not of the issued form is refused like any other (401), without saying why.
 */
export const ExchangeDeviceCredentialRequest = z.object({
  credential: z.string().check(z.maxLength(MAX_DEVICE_CREDENTIAL_LENGTH)),
});
export type ExchangeDeviceCredentialRequest = z.infer<typeof ExchangeDeviceCredentialRequest>;
