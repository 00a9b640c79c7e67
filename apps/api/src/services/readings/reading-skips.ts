import { isoDateInCopenhagen, type SkipReadingRequest, type SkipReadingResponse } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { deviceExistsInAccount } from '../../db/repositories/measurement-points.ts';
import { insertReadingSkip } from '../../db/repositories/reading-skips.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';

export type RecordSkip = { accountId: string; userId: string; skip: SkipReadingRequest; now: Date };

/**
 * Records inside the caller's transaction that a meter of the account was not read, with who and
 * when; its reading period is the one holding the Danish today. A repeat (same meter, reason, note,
 * user and Copenhagen day) answers the same and stores nothing. 404 for a meter that is not at that
 * location of the account, exactly as for one that does not exist.
 */
export async function recordSkip(
  trx: Kysely<Database>,
  request: RecordSkip,
): Promise<Omit<SkipReadingResponse, 'ResidentLinkSent'>> {
  const { skip } = request;
  if (!(await deviceExistsInAccount(trx, request.accountId, skip.gatewayId, skip.deviceId)))
    throw new NotFoundError();
  const at = request.now.toISOString();
  await insertReadingSkip(trx, {
    accountId: request.accountId,
    gatewayId: skip.gatewayId,
    deviceId: skip.deviceId,
    reason: skip.reason,
    note: skip.note || null,
    skippedOn: isoDateInCopenhagen(request.now),
    createdBy: request.userId,
    createdAt: at,
  });
  return { Success: true, Message: '', SkippedAt: at };
}
