import type { ApproveResponse } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { markApproved, type ReviewKind, selectIdsOnReview } from '../../db/repositories/review-approvals.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';

export type { ReviewKind };

/**
 * `Godkend` on `Til kontrol`: marks rows of the kind (readings sent anyway, deviating controls)
 * approved (who, when). Every id must be such a row of the account on the list, else 404 and nothing
 * changes; one approved before keeps its first approval, so `Count` counts only new ones.
 */
export async function approveOnReview(
  trx: Kysely<Database>,
  kind: ReviewKind,
  request: { accountId: string; userId: string; ids: readonly number[]; now: Date },
): Promise<ApproveResponse> {
  const wanted = [...new Set(request.ids)];
  const found = await selectIdsOnReview(trx, kind, request.accountId, wanted);
  if (found.length !== wanted.length) throw new NotFoundError();
  const count = await markApproved(trx, kind, wanted, { by: request.userId, at: request.now.toISOString() });
  return { Success: true, Message: '', Count: count };
}
