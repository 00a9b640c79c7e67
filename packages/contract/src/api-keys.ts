import { z } from 'zod/mini';
import { MAX_API_KEY_NAME_LENGTH } from './constants.ts';
import { CONTROL_CHARACTERS_REFUSED, hasNoControlCharacters } from './fields.ts';

// Issue 38 (ADR 051): API keys with which a customer's machine client (a gateway) posts readings imports
// without a person. Own file, so only the `API-nøgler` section loads it.

/** Every key starts with this, so a leaked one is recognisable (secret scanners) and the guard tells it from a token. */
export const API_KEY_PREFIX = 'mk_';

/** The key's form: the prefix and 43 base64url characters (256 random bits). */
export const API_KEY_FORM = /^mk_[A-Za-z0-9_-]{43}$/;

export const API_KEY_ERRORS = {
  nameRequired: 'Skriv et navn til nøglen',
  nameTooLong: `Navnet må højst være på ${MAX_API_KEY_NAME_LENGTH} tegn`,
  customerInvalid: 'Vælg en kunde',
  alreadyRevoked: 'Nøglen er allerede tilbagekaldt',
} as const;

/** POST /api/admin/apikeys: a key for one of the administrator's customers. */
export const CreateApiKeyRequest = z.object({
  customerId: z.uuid({ error: API_KEY_ERRORS.customerInvalid }),
  name: z
    .string({ error: API_KEY_ERRORS.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: API_KEY_ERRORS.nameRequired }),
      z.maxLength(MAX_API_KEY_NAME_LENGTH, { error: API_KEY_ERRORS.nameTooLong }),
      z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
    ),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

/** POST /api/admin/apikeys/revoke/{keyId}. */
export const ApiKeyIdParams = z.object({ keyId: z.uuid({ error: 'Ugyldig nøgle' }) });

/** A key as the list shows it: never the key itself, only its first characters to recognise it by. */
export const ApiKey = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  name: z.string(),
  /** The key's first characters (`mk_` and 6 more). */
  prefix: z.string(),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  revokedBy: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyCustomer = z.object({ id: z.string(), name: z.string() });

/** GET /api/admin/apikeys: the keys of the administrator's customers, newest first, and those customers. */
export const ApiKeyList = z.object({ keys: z.array(ApiKey), customers: z.array(ApiKeyCustomer) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The answer to creating a key: the key itself, this once; the server keeps only its hash. */
export const CreatedApiKey = z.object({ key: ApiKey, secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
