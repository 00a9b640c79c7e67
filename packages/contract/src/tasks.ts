import { z } from 'zod/mini';
import { MAX_TASK_TEXT_LENGTH } from './constants.ts';
import { toDanishDate } from './dates.ts';
import { CONTROL_CHARACTERS_REFUSED, hasNoControlCharacters } from './fields.ts';
import { PositiveId } from './ids.ts';
import { AccountIdParams, IntIdParam } from './params.ts';

// Issue 37 (ADR 047): tasks (`Opgaver`) the office follows up on. Own file, so only that section loads it.

/** A skip's note marked for follow-up opens a task with this reason (the others are skip reasons). */
export const FOLLOW_UP_REASON = 'Kræver opfølgning';
/** A remote meter's telegram reports an error, a leak or a burst (issue 38, ADR 050). */
export const REMOTE_FAULT_REASON = 'Fejlstatus fra fjernaflæsning';
/** A control reading differs from the remote value of its day by more than the tolerance (issue 38). */
export const CONTROL_DEVIATION_REASON = 'Afvigelse mellem kontrol og fjernaflæsning';

const decimal = (value: number) => value.toLocaleString('da-DK', { maximumFractionDigits: 3 });
/** The note of a `CONTROL_DEVIATION_REASON` task: the day, both values, the difference and the tolerance. */
export const controlDeviationNote = (
  date: string,
  control: string,
  remote: number,
  deviation: number,
  tolerance: number,
): string =>
  `Kontrol ${toDanishDate(date)}: ${decimal(Number(control))}, fjernaflæst ${decimal(remote)}; afvigelse ${decimal(deviation)} (tolerance ${decimal(tolerance)})`;

export const TASK_STATUSES = ['open', 'closed'] as const;
export const TaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatus>;

export const TASK_ERRORS = {
  statusInvalid: 'Status skal være open eller closed',
  textRequired: 'Skriv en tekst',
  textTooLong: `Teksten må højst være på ${MAX_TASK_TEXT_LENGTH} tegn`,
  assigneeInvalid: 'Vælg en bruger hos kunden',
  taskClosed: 'Opgaven er lukket',
} as const;

const TaskText = z
  .string({ error: TASK_ERRORS.textRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: TASK_ERRORS.textRequired }),
    z.maxLength(MAX_TASK_TEXT_LENGTH, { error: TASK_ERRORS.textTooLong }),
    z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
  );

/** GET /api/admin/tasks/{accountId}?status=: open tasks by default. */
export const TaskListQuery = z.object({
  status: z._default(z.enum(TASK_STATUSES, { error: TASK_ERRORS.statusInvalid }), 'open'),
});
export type TaskListQuery = z.input<typeof TaskListQuery>;

export const TaskComment = z.object({ Text: z.string(), By: z.string(), At: z.string() });
export type TaskComment = z.infer<typeof TaskComment>;

/** A task with its meter, where it is, why, who opened it and when, and what happened since. */
export const Task = z.object({
  Id: PositiveId,
  DeviceId: PositiveId,
  MeterName: z.string(),
  Serial: z.nullable(z.string()),
  LocationName: z.string(),
  Placement: z.nullable(z.string()),
  Reason: z.string(),
  Note: z.nullable(z.string()),
  Status: TaskStatus,
  AssignedTo: z.nullable(z.object({ Id: z.string(), Name: z.string() })),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
  ClosedBy: z.nullable(z.string()),
  ClosedAt: z.nullable(z.string()),
  CloseNote: z.nullable(z.string()),
  /** The photo of the reading that opened the task, shown by GET /api/photos/{accountId}/{photoId}; skips have none. */
  PhotoId: z.nullable(z.string()),
  Comments: z.array(TaskComment),
});
export type Task = z.infer<typeof Task>;

/** The account's tasks of one status, newest first, and the users a task can be assigned to. */
export const TaskList = z.object({
  Tasks: z.array(Task),
  Assignees: z.array(z.object({ Id: z.string(), Name: z.string() })),
});
export type TaskList = z.infer<typeof TaskList>;

/** The closed tasks of one meter, newest first: they stay in its history. */
export const MeterTaskHistory = z.object({ Tasks: z.array(Task) });
export type MeterTaskHistory = z.infer<typeof MeterTaskHistory>;

export const AssignTaskRequest = z.object({
  /** A user of the account's customer; null: nobody. */
  UserId: z.nullable(z.uuid({ error: TASK_ERRORS.assigneeInvalid })),
});
export type AssignTaskRequest = z.infer<typeof AssignTaskRequest>;

export const CommentTaskRequest = z.object({ Text: TaskText });
export type CommentTaskRequest = z.input<typeof CommentTaskRequest>;

/** `Luk opgave` with a note saying what was done. */
export const CloseTaskRequest = z.object({ Note: TaskText });
export type CloseTaskRequest = z.input<typeof CloseTaskRequest>;

export const TaskAccountParams = z.object({
  taskId: IntIdParam,
  accountId: AccountIdParams.shape.accountId,
});
export type TaskAccountParams = z.infer<typeof TaskAccountParams>;
