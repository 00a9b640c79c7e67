import type { Kysely } from 'kysely';
import { selectPasswordHash } from '../../db/repositories/auth-users.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import type { Clock } from '../shared/clock.ts';
import { admitAttempt, type LoginLimits, settleFailure, settleSuccess } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';

export type CurrentPasswordCheck =
  | { kind: 'confirmed' }
  | { kind: 'wrong' }
  | { kind: 'locked'; retryAfterSeconds: number };

/**
 * Confirms the user's present password before a change of password or e-mail, so a stolen token
 * alone cannot take the account over. A guess here counts exactly like a guess at login.
 */
export async function checkCurrentPassword(
  deps: { db: Kysely<Database>; clock: Clock; limits: LoginLimits },
  user: AuthUser,
  attempt: { password: string | undefined; clientAddress: string },
): Promise<CurrentPasswordCheck> {
  const { db, clock, limits } = deps;
  const verdict = await admitAttempt(
    db,
    { email: user.email, clientAddress: attempt.clientAddress },
    limits,
    clock.now(),
  );
  if (verdict.kind === 'locked') return verdict;
  const hash = await selectPasswordHash(db, user.id);
  const confirmed =
    hash !== undefined && attempt.password !== undefined && (await verifyPassword(hash, attempt.password));
  if (!confirmed) {
    await settleFailure(db, verdict.scopes, limits, clock.now());
    return { kind: 'wrong' };
  }
  await settleSuccess(db, verdict.scopes);
  return { kind: 'confirmed' };
}
