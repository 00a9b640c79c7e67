import { randomBytes } from 'node:crypto';
import type { Claims } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { replacePasswordHash, selectLoginUser } from '../../db/repositories/auth-users.ts';
import type { Database } from '../../db/schema.ts';
import { toAuthUser } from '../../domain/auth-user.ts';
import type { Clock } from '../shared/clock.ts';
import { admitAttempt, type LoginLimits, settleFailure, settleSuccess } from './login-throttle.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { sessionClaims } from './session-claims.ts';
import type { TokenService } from './tokens.ts';

export type LoginDependencies = {
  db: Kysely<Database>;
  clock: Clock;
  tokens: TokenService;
  limits: LoginLimits;
  /** Waits before an attempt on an e-mail under attack is checked; injected so tests need not wait. */
  pause?: (ms: number) => Promise<void>;
};

export type LoginAttempt = { email: string; password: string; clientAddress: string };

export type LoginOutcome =
  | { kind: 'locked'; retryAfterSeconds: number }
  /** Unknown e-mail, wrong password, disabled user or user without a role: deliberately one kind. */
  | { kind: 'failed'; slowedByMs: number }
  | { kind: 'success'; token: string; resetPassword: boolean; claims: Claims; slowedByMs: number };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Verified against when the e-mail is unknown, so a miss costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
};

/** Checks credentials under the brute-force limits and, on success, issues a token with its claims. */
export async function logIn(deps: LoginDependencies, attempt: LoginAttempt): Promise<LoginOutcome> {
  const { db, clock, limits, pause = wait } = deps;
  const email = attempt.email.trim().toLowerCase();

  const verdict = await admitAttempt(
    db,
    { email, clientAddress: attempt.clientAddress },
    limits,
    clock.now(),
  );
  if (verdict.kind === 'locked') return verdict;
  const slowedByMs = verdict.slowdownMs;
  if (slowedByMs > 0) await pause(slowedByMs);

  const user = await selectLoginUser(db, email);
  const passwordMatches = await verifyPassword(
    user?.password_hash ?? (await dummyPasswordHash()),
    attempt.password,
  );
  if (!user || !passwordMatches || user.disabled || user.role === null) {
    await settleFailure(db, verdict.scopes, limits, clock.now());
    return { kind: 'failed', slowedByMs };
  }

  await settleSuccess(db, verdict.scopes);
  if (needsRehash(user.password_hash)) {
    const newHash = await hashPassword(attempt.password);
    await replacePasswordHash(db, { userId: user.id, oldHash: user.password_hash, newHash });
  }

  const authUser = toAuthUser({ ...user, role: user.role });
  const issued = await deps.tokens.issue({ userId: user.id, tokenVersion: user.token_version });
  return {
    kind: 'success',
    token: issued.token,
    resetPassword: authUser.resetPassword,
    slowedByMs,
    claims: await sessionClaims(db, authUser, issued.expires),
  };
}
