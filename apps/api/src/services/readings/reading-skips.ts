import {
  FOLLOW_UP_REASON,
  isoDateInCopenhagen,
  SKIP_REASONS_OPENING_TASK,
  type SkipReadingRequest,
  type SkipReadingResponse,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { deviceExistsInAccount } from '../../db/repositories/measurement-points.ts';
import { insertReadingSkip } from '../../db/repositories/reading-skips.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { type OpenedTask, openTask } from '../tasks/open-task.ts';

export type RecordSkip = { accountId: string; userId: string; skip: SkipReadingRequest; now: Date };

/** The skip's answer, and the task it opened or added to (issue 37), if any. */
export type RecordedSkip = { answer: Omit<SkipReadingResponse, 'ResidentLinkSent'>; task: OpenedTask | null };

/**
 * Records inside the caller's transaction that a meter of the account was not read, with who and
 * when; its reading period is the one holding the Danish today. A repeat (same meter, reason, note,
 * user and Copenhagen day) answers the same and stores nothing. 404 for a meter that is not at that
 * location of the account, exactly as for one that does not exist. A skip for `Måler defekt` or
 * `Måler ikke fundet`, or with its note marked `Kræver opfølgning`, opens a task for the office.
 */
export async function recordSkip(trx: Kysely<Database>, request: RecordSkip): Promise<RecordedSkip> {
  const { skip } = request;
  if (!(await deviceExistsInAccount(trx, request.accountId, skip.gatewayId, skip.deviceId)))
    throw new NotFoundError();
  const at = request.now.toISOString();
  const stored = await insertReadingSkip(trx, {
    accountId: request.accountId,
    gatewayId: skip.gatewayId,
    deviceId: skip.deviceId,
    reason: skip.reason,
    note: skip.note || null,
    skippedOn: isoDateInCopenhagen(request.now),
    createdBy: request.userId,
    createdAt: at,
  });
  const reason = taskReasonOf(skip);
  const task =
    stored && reason !== null
      ? await openTask(trx, {
          accountId: request.accountId,
          deviceId: skip.deviceId,
          reason,
          note: skip.note || null,
          userId: request.userId,
          now: request.now,
        })
      : null;
  return { answer: { Success: true, Message: '', SkippedAt: at }, task };
}

/** The reason of the task a skip opens: its own for a defect or a lost meter, else the follow-up mark's. */
function taskReasonOf(skip: SkipReadingRequest): string | null {
  if (SKIP_REASONS_OPENING_TASK.includes(skip.reason)) return skip.reason;
  return skip.followUp === true ? FOLLOW_UP_REASON : null;
}
