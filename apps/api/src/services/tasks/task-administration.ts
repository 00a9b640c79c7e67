import {
  CUSTOMER_USER_ROLE,
  type MeterTaskHistory,
  TASK_ERRORS,
  type Task,
  type TaskList,
  type TaskStatus,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectAccountWithCustomer } from '../../db/repositories/accounts.ts';
import {
  closeOpenTask,
  insertTaskComment,
  selectCustomerOfMeterInAccount,
  selectTaskComments,
  selectTaskInAccount,
  selectTasks,
  type TaskFilter,
  type TaskRow,
  updateTaskAssignee,
} from '../../db/repositories/tasks.ts';
import { selectUsersOfAccount } from '../../db/repositories/user-lists.ts';
import type { Database } from '../../db/schema.ts';
import { ConflictError, InvalidRequestError, NotFoundError } from '../../domain/errors.ts';
import { groupBy } from '../shared/group-by.ts';

/** The office's side of tasks (`Opgaver`, issue 37, ADR 047): list, assign, comment, close. */

async function tasksWithComments(db: Kysely<Database>, filter: TaskFilter): Promise<Task[]> {
  const rows = await selectTasks(db, filter);
  const comments = groupBy(
    await selectTaskComments(
      db,
      rows.map((row) => row.id),
    ),
    (comment) => comment.taskId,
  );
  return rows.map((row) => toTask(row, comments.get(row.id) ?? []));
}

function toTask(row: TaskRow, comments: readonly { text: string; byName: string; at: string }[]): Task {
  return {
    Id: row.id,
    DeviceId: row.deviceId,
    MeterName: row.meterName,
    Serial: row.serial || null,
    LocationName: row.locationName,
    // Where to look: the location's placement, then the meter's own, as the reader sees them.
    Placement: [row.locationPlacement, row.placement].filter(Boolean).join(' – ') || null,
    Reason: row.reason,
    Note: row.note,
    Status: row.status === 'closed' ? 'closed' : 'open',
    AssignedTo:
      row.assignedId !== null && row.assignedName !== null
        ? { Id: row.assignedId, Name: row.assignedName }
        : null,
    CreatedBy: row.createdByName,
    CreatedAt: row.createdAt,
    ClosedBy: row.closedByName,
    ClosedAt: row.closedAt,
    CloseNote: row.closeNote,
    PhotoId: row.photoId,
    Comments: comments.map((comment) => ({ Text: comment.text, By: comment.byName, At: comment.at })),
  };
}

/** Staff who reach the account (meter readers and administrators): whom a task can be given to. */
async function assigneesOf(db: Kysely<Database>, accountId: string) {
  const account = await selectAccountWithCustomer(db, accountId);
  if (!account) return [];
  const users = await selectUsersOfAccount(db, { id: accountId, customerId: account.customer_id });
  return users
    .filter((user) => user.role !== CUSTOMER_USER_ROLE)
    .map((user) => ({ Id: user.id, Name: user.name }));
}

/** The account's tasks of one status, newest first, with whom they can be assigned to. */
export async function taskList(
  db: Kysely<Database>,
  accountId: string,
  status: TaskStatus,
): Promise<TaskList> {
  const [tasks, assignees] = await Promise.all([
    tasksWithComments(db, { accountId, status }),
    assigneesOf(db, accountId),
  ]);
  return { Tasks: tasks, Assignees: assignees };
}

/** The meter's closed tasks, newest first: they stay in its history. 404 for a meter not of the account. */
export async function closedTasksOfMeter(
  db: Kysely<Database>,
  accountId: string,
  deviceId: number,
): Promise<MeterTaskHistory> {
  if (!(await selectCustomerOfMeterInAccount(db, accountId, deviceId))) throw new NotFoundError();
  return { Tasks: await tasksWithComments(db, { accountId, status: 'closed', deviceId }) };
}

async function requireTask(db: Kysely<Database>, accountId: string, taskId: number) {
  const task = await selectTaskInAccount(db, accountId, taskId);
  if (!task) throw new NotFoundError();
  return task;
}

async function requireOpenTask(db: Kysely<Database>, accountId: string, taskId: number) {
  const task = await requireTask(db, accountId, taskId);
  if (task.status !== 'open') throw new ConflictError(TASK_ERRORS.taskClosed);
  return task;
}

/** Gives the open task to a staff member of the account, or to nobody (null). */
export async function assignTask(
  trx: Kysely<Database>,
  accountId: string,
  taskId: number,
  userId: string | null,
): Promise<void> {
  await requireOpenTask(trx, accountId, taskId);
  if (userId !== null && !(await assigneesOf(trx, accountId)).some((user) => user.Id === userId))
    throw new InvalidRequestError(TASK_ERRORS.assigneeInvalid);
  await updateTaskAssignee(trx, taskId, userId);
}

/** Adds a comment to the task, open or closed. */
export async function commentOnTask(
  trx: Kysely<Database>,
  comment: { accountId: string; taskId: number; text: string; userId: string; now: Date },
): Promise<void> {
  await requireTask(trx, comment.accountId, comment.taskId);
  await insertTaskComment(trx, {
    taskId: comment.taskId,
    text: comment.text,
    createdBy: comment.userId,
    createdAt: comment.now.toISOString(),
  });
}

/** `Luk opgave`: closes the open task with a note; it stays in the meter's history. */
export async function closeTask(
  trx: Kysely<Database>,
  close: { accountId: string; taskId: number; note: string; userId: string; now: Date },
): Promise<void> {
  await requireOpenTask(trx, close.accountId, close.taskId);
  if (
    !(await closeOpenTask(trx, {
      taskId: close.taskId,
      note: close.note,
      closedBy: close.userId,
      closedAt: close.now.toISOString(),
    }))
  )
    throw new ConflictError(TASK_ERRORS.taskClosed);
}
