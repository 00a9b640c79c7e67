import type { SkipReason } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type InvitationDependencies, inviteResident } from './invitations.ts';

// `Ingen adgang` → the resident finishes (issue 35, ADR 044): the skip invites through the office's
// own `inviteResident`, so one function issues links and writes invitations.

/** The skip reason after which the resident gets the link. */
export const NO_ACCESS: SkipReason = 'Ingen adgang';

/**
 * Inside the skip's transaction: after `Ingen adgang`, invites the meter's resident when the meter
 * has a resident e-mail; the period's link is sent once. Answers whether an invitation was written now.
 */
export async function inviteResidentAfterSkip(
  trx: Kysely<Database>,
  deps: InvitationDependencies,
  skip: { accountId: string; deviceId: number; reason: SkipReason; userId: string },
): Promise<boolean> {
  if (skip.reason !== NO_ACCESS) return false;
  const outcome = await inviteResident(
    { ...deps, db: trx },
    { deviceId: skip.deviceId, accountId: skip.accountId, createdBy: skip.userId },
  );
  return outcome.status === 'invited';
}
