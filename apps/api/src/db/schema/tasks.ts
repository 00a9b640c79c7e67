import type { Generated } from 'kysely';
import type { NullUntilSet, WithDefault } from './column-types.ts';

/** A task (`Opgave`, issue 37, ADR 047): something about a meter the office follows up on. */
export interface TasksTable {
  id: Generated<number>;
  /** The account's customer: whose administrators see the task. */
  customer_id: string;
  account_id: string;
  device_id: number;
  /** Why it was opened: a skip reason (`Måler defekt`, …) or `Kræver opfølgning`. */
  reason: string;
  note: string | null;
  /** open | closed */
  status: WithDefault<string>;
  assigned_to: NullUntilSet<string>;
  created_by: string;
  created_at: string;
  closed_by: NullUntilSet<string>;
  closed_at: NullUntilSet<string>;
  close_note: NullUntilSet<string>;
}

/** A comment on a task, oldest first. */
export interface TaskCommentsTable {
  id: Generated<number>;
  task_id: number;
  text: string;
  created_by: string;
  created_at: string;
}
