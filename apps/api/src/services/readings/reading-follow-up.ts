import { FOLLOW_UP_REASON, parseUsDate } from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  claimEvidenceWithoutTask,
  selectReadingIdsByKey,
  setEvidenceTask,
} from '../../db/repositories/reading-evidence.ts';
import type { Database } from '../../db/schema.ts';
import { type OpenedTask, openTask } from '../tasks/open-task.ts';
import type { RegisterReadings } from './register-readings-request.ts';

/** A task a reading's follow-up went to, with its meter (for the log). */
export type FollowUpTask = OpenedTask & { deviceId: number };

/**
 * Inside the reading's transaction, after its evidence is stored (issue 37): each reading sent with a
 * note marked `Kræver opfølgning` hands it to the office through `openTask`, once per reading. The
 * reading's evidence keeps the task, so a retry or an offline replay of the same reading, with or
 * without its Idempotency-Key, opens nothing and adds no comment.
 */
export async function openFollowUpTasks(
  trx: Kysely<Database>,
  request: RegisterReadings,
): Promise<FollowUpTask[]> {
  const notes = new Map<string, { deviceItemId: number; dateRecord: string; note: string }>();
  for (const payload of request.batch) {
    const note = payload.note?.trim();
    const dateRecord = parseUsDate(payload.dateRecord);
    if (payload.followUp !== true || !note || dateRecord === null) continue;
    notes.set(`${payload.deviceItemId}|${dateRecord}`, {
      deviceItemId: payload.deviceItemId,
      dateRecord,
      note,
    });
  }
  if (notes.size === 0) return [];
  const readings = await selectReadingIdsByKey(trx, [...notes.values()]);
  const noteOf = new Map(
    readings.map((reading) => [reading.id, notes.get(`${reading.deviceItemId}|${reading.dateRecord}`)?.note]),
  );
  const tasks: FollowUpTask[] = [];
  // The form sends a SEND's note on every point of the meter: the meter's readings share one task.
  const taskOfMeter = new Map<number, number>();
  for (const claimed of await claimEvidenceWithoutTask(
    trx,
    readings.map((reading) => reading.id),
  )) {
    const shared = taskOfMeter.get(claimed.deviceId);
    if (shared !== undefined) {
      await setEvidenceTask(trx, claimed.readingId, shared);
      continue;
    }
    const task = await openTask(trx, {
      accountId: request.accountId,
      deviceId: claimed.deviceId,
      reason: FOLLOW_UP_REASON,
      note: noteOf.get(claimed.readingId) ?? null,
      userId: request.userId,
      now: request.now,
    });
    await setEvidenceTask(trx, claimed.readingId, task.taskId);
    taskOfMeter.set(claimed.deviceId, task.taskId);
    tasks.push({ ...task, deviceId: claimed.deviceId });
  }
  return tasks;
}
