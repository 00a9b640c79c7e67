import type { ControlledTransaction, Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { WriteTurns } from './write-turns.ts';

export type WriteWork<T> = (trx: Kysely<Database>) => Promise<T>;

type Queued = {
  work: WriteWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Bounds how long the last request of a group waits for the ones before it. */
const MAX_GROUP_SIZE = 64;

/**
 * Group commit for SQLite, which runs one write transaction at a time and, with synchronous=FULL,
 * waits for an fsync at each commit. Works that arrive while a group runs wait for the next group;
 * each group is one transaction in which every work runs in its own savepoint, so a work that throws
 * is undone alone (all or nothing per work) while the others go on. After the one commit (one fsync),
 * every work is settled: a work's promise resolves only once its writes are on disk, and if the
 * commit fails every work of the group fails with it and nothing of the group is stored. With
 * `turns`, a group begins only in its turn beside the other writers of this process (write-turns.ts).
 */
export function createGroupCommit(db: Kysely<Database>, turns?: WriteTurns) {
  const queue: Queued[] = [];
  let draining = false;

  async function runInSavepoint(
    trx: ControlledTransaction<Database>,
    name: string,
    work: WriteWork<unknown>,
  ): Promise<Outcome> {
    const savepoint = await trx.savepoint(name).execute();
    let outcome: Outcome;
    try {
      outcome = { ok: true, value: await work(savepoint) };
    } catch (error) {
      await savepoint.rollbackToSavepoint(name).execute();
      outcome = { ok: false, error };
    }
    await savepoint.releaseSavepoint(name).execute();
    return outcome;
  }

  async function runGroup(group: Queued[]): Promise<void> {
    const outcomes: Outcome[] = [];
    const trx = await db.startTransaction().execute();
    try {
      for (const [index, queued] of group.entries()) {
        outcomes.push(await runInSavepoint(trx, `work_${index}`, queued.work));
      }
      await trx.commit().execute();
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      for (const queued of group) queued.reject(error);
      return;
    }
    group.forEach((queued, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) queued.resolve(outcome.value);
      else queued.reject(outcome?.error);
    });
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      for (;;) {
        // Requests that waited for the connection while the last group ran finish their reads in
        // this turn and queue their works; without the pause each group would hold one work.
        await new Promise((resolve) => setImmediate(resolve));
        if (queue.length === 0) break;
        // Taken when the turn comes, so works queued while another writer held the file join the group.
        const group = () => runGroup(queue.splice(0, MAX_GROUP_SIZE));
        await (turns ? turns.run(group) : group());
      }
    } finally {
      draining = false;
    }
  }

  return {
    run<T>(work: WriteWork<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!draining) void drain();
      });
    },
  };
}
