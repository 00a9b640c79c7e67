import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

// Tasks (`Opgaver`, issue 37, ADR 047) and their comments.

export type NewTask = {
  customerId: string;
  accountId: string;
  deviceId: number;
  reason: string;
  note: string | null;
  createdBy: string;
  createdAt: string;
};

export async function insertTask(db: Kysely<Database>, task: NewTask): Promise<number> {
  const row = await db
    .insertInto('tasks')
    .values({
      customer_id: task.customerId,
      account_id: task.accountId,
      device_id: task.deviceId,
      reason: task.reason,
      note: task.note,
      status: 'open',
      created_by: task.createdBy,
      created_at: task.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The meter's customer, when the meter is at a location of the account. */
export function selectCustomerOfMeterInAccount(
  db: Kysely<Database>,
  accountId: string,
  deviceId: number,
): Promise<{ customerId: string } | undefined> {
  return db
    .selectFrom('devices as d')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .select('a.customer_id as customerId')
    .where('d.id', '=', deviceId)
    .where('g.account_id', '=', accountId)
    .executeTakeFirst();
}

export type TaskRow = {
  id: number;
  deviceId: number;
  meterName: string;
  serial: string;
  locationName: string;
  locationPlacement: string | null;
  placement: string | null;
  reason: string;
  note: string | null;
  status: string;
  assignedId: string | null;
  assignedName: string | null;
  createdByName: string;
  createdAt: string;
  closedByName: string | null;
  closedAt: string | null;
  closeNote: string | null;
  photoId: string | null;
};

export type TaskFilter = { accountId: string; status?: string; deviceId?: number };

/** The account's tasks matching the filter, newest first, with their meter, location and people. */
export function selectTasks(db: Kysely<Database>, filter: TaskFilter): Promise<TaskRow[]> {
  let query = db
    .selectFrom('tasks as t')
    .innerJoin('devices as d', 'd.id', 't.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .innerJoin('users as creator', 'creator.id', 't.created_by')
    .leftJoin('users as assignee', 'assignee.id', 't.assigned_to')
    .leftJoin('users as closer', 'closer.id', 't.closed_by')
    .select([
      't.id as id',
      'd.id as deviceId',
      'd.name as meterName',
      'd.serial_number as serial',
      'g.name as locationName',
      'g.placement as locationPlacement',
      'd.placement as placement',
      't.reason as reason',
      't.note as note',
      't.status as status',
      'assignee.id as assignedId',
      'assignee.name as assignedName',
      'creator.name as createdByName',
      't.created_at as createdAt',
      'closer.name as closedByName',
      't.closed_at as closedAt',
      't.close_note as closeNote',
      // The photo of the first reading whose note went to the task (issue 37); skips carry none.
      (eb) =>
        eb
          .selectFrom('reading_evidence as e')
          .select('e.photo_id')
          .whereRef('e.task_id', '=', 't.id')
          .where('e.photo_id', 'is not', null)
          .orderBy('e.reading_id')
          .limit(1)
          .as('photoId'),
    ])
    .where('t.account_id', '=', filter.accountId);
  if (filter.status !== undefined) query = query.where('t.status', '=', filter.status);
  if (filter.deviceId !== undefined) query = query.where('t.device_id', '=', filter.deviceId);
  return query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute();
}

export type TaskCommentRow = { taskId: number; text: string; byName: string; at: string };

/** The comments of the tasks, oldest first. */
export function selectTaskComments(
  db: Kysely<Database>,
  taskIds: readonly number[],
): Promise<TaskCommentRow[]> {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_comments as c')
    .innerJoin('users as u', 'u.id', 'c.created_by')
    .select(['c.task_id as taskId', 'c.text as text', 'u.name as byName', 'c.created_at as at'])
    .where('c.task_id', 'in', taskIds)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** A task of the account with what its changes need, if there is one. */
export function selectTaskInAccount(
  db: Kysely<Database>,
  accountId: string,
  taskId: number,
): Promise<{ id: number; status: string; customerId: string; deviceId: number } | undefined> {
  return db
    .selectFrom('tasks')
    .select(['id', 'status', 'customer_id as customerId', 'device_id as deviceId'])
    .where('account_id', '=', accountId)
    .where('id', '=', taskId)
    .executeTakeFirst();
}

export async function updateTaskAssignee(db: Kysely<Database>, taskId: number, userId: string | null) {
  await db.updateTable('tasks').set({ assigned_to: userId }).where('id', '=', taskId).execute();
}

export async function insertTaskComment(
  db: Kysely<Database>,
  comment: { taskId: number; text: string; createdBy: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('task_comments')
    .values({
      task_id: comment.taskId,
      text: comment.text,
      created_by: comment.createdBy,
      created_at: comment.createdAt,
    })
    .execute();
}

/** Closes the task if it is open; false when it was closed already. */
export async function closeOpenTask(
  db: Kysely<Database>,
  close: { taskId: number; note: string; closedBy: string; closedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set({ status: 'closed', close_note: close.note, closed_by: close.closedBy, closed_at: close.closedAt })
    .where('id', '=', close.taskId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
