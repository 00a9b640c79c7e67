import { ASSIGNMENT_ERRORS, isoDateInCopenhagen, periodContaining } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectReaderOfMeter } from '../../db/repositories/route-assignments.ts';
import type { Database } from '../../db/schema.ts';
import { type AuthUser, isAdmin } from '../../domain/auth-user.ts';
import { ConflictError } from '../../domain/errors.ts';
import { readingPeriodOf } from './reading-status.ts';

/**
 * A meter reader may not skip a meter the office gave to another reader this period (ADR 048): the
 * skip is that reader's judgement of the visit. Reading it is allowed, so readers can help each other;
 * administrators may skip any meter.
 */
export async function refuseSkipOfOthersMeter(
  trx: Kysely<Database>,
  skip: { accountId: string; deviceId: number; user: Pick<AuthUser, 'id' | 'role'>; now: Date },
): Promise<void> {
  if (isAdmin(skip.user)) return;
  const period = periodContaining(isoDateInCopenhagen(skip.now), await readingPeriodOf(trx, skip.accountId));
  const reader = await selectReaderOfMeter(trx, skip.accountId, period.start, skip.deviceId);
  if (reader !== undefined && reader !== skip.user.id)
    throw new ConflictError(ASSIGNMENT_ERRORS.assignedToAnother);
}
