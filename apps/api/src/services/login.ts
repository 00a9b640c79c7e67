import { randomBytes } from 'node:crypto';
import type { Claims } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { type AuthUser, accountIdsOf, customerIdsOf } from './access.ts';
import type { Clock } from './clock.ts';
import {
  addressScope,
  clearScope,
  emailScope,
  lockedForSeconds,
  pruneExpired,
  recordFailure,
  type ThrottleScope,
} from './login-throttle.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { TokenService } from './tokens.ts';

export type LoginDependencies = {
  db: Kysely<Database>;
  clock: Clock;
  tokens: TokenService;
  limits: Config['login'];
};

export type LoginAttempt = { email: string; password: string; clientAddress: string };

export type LoginOutcome =
  | { kind: 'locked'; retryAfterSeconds: number }
  /** Unknown e-mail, wrong password, disabled user or user without a role: deliberately one kind. */
  | { kind: 'failed' }
  | { kind: 'success'; token: string; resetPassword: boolean; claims: Claims };

// Verified against when the e-mail is unknown, so a miss costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
};

/** Checks credentials under the brute-force limits and, on success, issues a token with its claims. */
export async function logIn(deps: LoginDependencies, attempt: LoginAttempt): Promise<LoginOutcome> {
  const { db, clock, limits } = deps;
  const email = attempt.email.trim().toLowerCase();
  const scopes: ThrottleScope[] = [
    { key: emailScope(email), maxFailures: limits.maxFailures },
    { key: addressScope(attempt.clientAddress), maxFailures: limits.maxFailuresPerIp },
  ];

  const lockedFor = await lockedForSeconds(
    db,
    scopes.map((s) => s.key),
    clock.now(),
  );
  if (lockedFor !== null) return { kind: 'locked', retryAfterSeconds: lockedFor };

  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'password_hash', 'reset_password', 'disabled', 'token_version'])
    .where('email', '=', email)
    .executeTakeFirst();
  const passwordMatches = await verifyPassword(
    user?.password_hash ?? (await dummyPasswordHash()),
    attempt.password,
  );

  if (!user || !passwordMatches || user.disabled || user.role === null) {
    const now = clock.now();
    for (const scope of scopes) await recordFailure(db, scope, limits, now);
    await pruneExpired(db, limits, now);
    return { kind: 'failed' };
  }

  await clearScope(db, emailScope(email));
  if (needsRehash(user.password_hash)) {
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(attempt.password) })
      .where('id', '=', user.id)
      .where('password_hash', '=', user.password_hash)
      .execute();
  }

  const authUser: AuthUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    resetPassword: user.reset_password === 1,
  };
  const [accountIds, customerIds, issued] = await Promise.all([
    accountIdsOf(db, authUser),
    customerIdsOf(db, authUser),
    deps.tokens.issue({ userId: user.id, tokenVersion: user.token_version }),
  ]);
  return {
    kind: 'success',
    token: issued.token,
    resetPassword: authUser.resetPassword,
    claims: {
      expires: issued.expires.toISOString(),
      nameIdentifier: user.id,
      name: user.name,
      role: user.role,
      accountList: accountIds.join(','),
      customerList: customerIds.join(','),
      email: user.email,
    },
  };
}
