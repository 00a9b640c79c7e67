import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type Claims, MAX_DEVICE_CREDENTIALS_PER_USER } from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  insertDeviceCredential,
  pruneExpiredCredentials,
  revokeSessionCredentials,
  selectCredentialWithUser,
} from '../../db/repositories/device-credentials.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../shared/clock.ts';
import { checkCountedByAddress, type LoginLimits } from './login-throttle.ts';
import { sessionClaims } from './session-claims.ts';
import type { TokenService, TokenSubject } from './tokens.ts';

// Offline sign-in (ADR 034): a phone that signed in online with `Husk mig` keeps a credential, encrypted
// under a key derived from the password, and exchanges it for a token of that same session once it has
// a connection again. The server keeps only a hash of the secret, so its database cannot be replayed.

/** 256 random bits, base64url (43 characters). */
const SECRET_BYTES = 32;
const CREDENTIAL_FORM =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export type DeviceCredentialDependencies = {
  db: Kysely<Database>;
  clock: Clock;
  /** The absolute session lifetime: a credential ends with the session it was issued in. */
  sessionMaxSeconds: number;
};

export type IssuedDeviceCredential = { id: string; credential: string; expires: Date };

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** A token's `auth_time` (seconds) as the ISO text the table keeps. */
const sessionStart = (authTimeSeconds: number) => new Date(authTimeSeconds * 1000).toISOString();

/** A credential for the session the token belongs to, ending at that session's absolute end. */
export async function issueDeviceCredential(
  deps: DeviceCredentialDependencies,
  session: Pick<TokenSubject, 'userId' | 'tokenVersion' | 'sessionStartedAt'>,
): Promise<IssuedDeviceCredential> {
  const now = deps.clock.now().toISOString();
  const id = randomUUID();
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  const expires = new Date((session.sessionStartedAt + deps.sessionMaxSeconds) * 1000);
  await deps.db.transaction().execute(async (trx) => {
    await pruneExpiredCredentials(trx, now);
    await insertDeviceCredential(
      trx,
      {
        id,
        user_id: session.userId,
        secret_hash: hashOf(secret),
        token_version: session.tokenVersion,
        session_started_at: sessionStart(session.sessionStartedAt),
        expires_at: expires.toISOString(),
        created_at: now,
      },
      MAX_DEVICE_CREDENTIALS_PER_USER,
    );
  });
  return { id, credential: `${id}.${secret}`, expires };
}

/** Ends the credentials issued in this session (logout). */
export async function endSessionCredentials(
  db: Kysely<Database>,
  session: Pick<TokenSubject, 'userId' | 'sessionStartedAt'>,
  now: Date,
): Promise<void> {
  await revokeSessionCredentials(
    db,
    { userId: session.userId, sessionStartedAt: sessionStart(session.sessionStartedAt) },
    now.toISOString(),
  );
}

/** Why an exchange was refused: for the log only, never for the client. */
export type ExchangeRefusal =
  | 'malformed'
  | 'unknown'
  | 'wrong-secret'
  | 'revoked'
  | 'expired'
  | 'user-disabled'
  | 'password-changed'
  | 'session-ended';

export type ExchangeOutcome =
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'refused'; reason: ExchangeRefusal; userId?: string; credentialId?: string }
  | {
      kind: 'success';
      userId: string;
      credentialId: string;
      token: string;
      resetPassword: boolean;
      claims: Claims;
    };

type ExchangeDependencies = DeviceCredentialDependencies & { tokens: TokenService; limits: LoginLimits };
type Checked = Exclude<ExchangeOutcome, { kind: 'locked' }>;

/**
 * A token of the credential's own session for a valid, unrevoked, unexpired credential of an enabled
 * user whose password has not changed since it was issued. Every attempt counts against the client
 * address like a sign-in; a success takes its attempt back.
 */
export async function exchangeDeviceCredential(
  deps: ExchangeDependencies,
  attempt: { credential: string; clientAddress: string },
): Promise<ExchangeOutcome> {
  const { clock, limits } = deps;
  return checkCountedByAddress(
    deps.db,
    { clientAddress: attempt.clientAddress, limits, now: () => clock.now() },
    () => check(deps, attempt.credential),
  );
}

async function check(deps: ExchangeDependencies, presented: string): Promise<Checked> {
  const form = CREDENTIAL_FORM.exec(presented);
  const [, credentialId, secret] = form ?? [];
  if (!credentialId || !secret) return { kind: 'refused', reason: 'malformed' };
  const row = await selectCredentialWithUser(deps.db, credentialId);
  if (!row) return { kind: 'refused', reason: 'unknown', credentialId };
  const refused = (reason: ExchangeRefusal): Checked => ({
    kind: 'refused',
    reason,
    userId: row.user_id,
    credentialId,
  });
  if (!timingSafeEqual(Buffer.from(hashOf(secret)), Buffer.from(row.secret_hash)))
    return refused('wrong-secret');
  if (row.revoked_at !== null) return refused('revoked');
  const now = deps.clock.now();
  if (Date.parse(row.expires_at) <= now.getTime()) return refused('expired');
  if (row.disabled || row.role === null) return refused('user-disabled');
  // Also catches a credential whose revocation a password change or disabling missed.
  if (row.user_token_version !== row.token_version) return refused('password-changed');

  const issued = await deps.tokens.renew(
    { userId: row.user_id, sessionStartedAt: Date.parse(row.session_started_at) / 1000 },
    row.user_token_version,
  );
  if (!issued) return refused('session-ended');
  const user = { id: row.user_id, email: row.email, name: row.name, role: row.role };
  return {
    kind: 'success',
    userId: row.user_id,
    credentialId,
    token: issued.token,
    resetPassword: row.reset_password === 1,
    claims: await sessionClaims(deps.db, user, issued.expires),
  };
}
