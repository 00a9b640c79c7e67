import type { Kysely } from 'kysely';
import {
  insertTask,
  insertTaskComment,
  selectCustomerOfMeterInAccount,
  selectTasks,
} from '../../db/repositories/tasks.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';

export type OpenTask = {
  accountId: string;
  deviceId: number;
  /** A skip reason that opens a task, or `Kræver opfølgning`. */
  reason: string;
  note: string | null;
  userId: string;
  now: Date;
};

/** The task the call left open for the meter, and whether this call opened it. */
export type OpenedTask = { taskId: number; opened: boolean };

/**
 * Opens a task (`Opgave`) for the account's office about a meter, inside the caller's transaction: a
 * skip with a defect or a note marked `Kræver opfølgning` calls it, and so will a reading's note. While
 * the meter already has an open task with the same reason, that one stays the only one and the note
 * becomes its comment, so a meter skipped as defective each period is one task, not one per visit.
 * 404 for a meter that is not the account's.
 */
export async function openTask(trx: Kysely<Database>, task: OpenTask): Promise<OpenedTask> {
  const meter = await selectCustomerOfMeterInAccount(trx, task.accountId, task.deviceId);
  if (!meter) throw new NotFoundError();
  const at = task.now.toISOString();
  const open = await selectTasks(trx, { accountId: task.accountId, status: 'open', deviceId: task.deviceId });
  const same = open.find((row) => row.reason === task.reason);
  if (same) {
    if (task.note)
      await insertTaskComment(trx, {
        taskId: same.id,
        text: task.note,
        createdBy: task.userId,
        createdAt: at,
      });
    return { taskId: same.id, opened: false };
  }
  const taskId = await insertTask(trx, {
    customerId: meter.customerId,
    accountId: task.accountId,
    deviceId: task.deviceId,
    reason: task.reason,
    note: task.note,
    createdBy: task.userId,
    createdAt: at,
  });
  return { taskId, opened: true };
}
