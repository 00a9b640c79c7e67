/**
 * Whose turn it is to write to the SQLite file within this process (ADR 052, "worker"): the server's
 * group commit and the remote import's writer thread each take a turn before they begin a write
 * transaction, in the order they asked. SQLite lets one connection write at a time, and a connection
 * that begins while another holds the lock waits in `busy_timeout`; on the server's main thread that
 * wait is synchronous and holds up every request. Taking turns here makes the wait asynchronous: the
 * main thread never begins a transaction while the writer thread holds the lock.
 */
export type WriteTurns = { run<T>(work: () => Promise<T>): Promise<T> };

export function createWriteTurns(): WriteTurns {
  let last: Promise<unknown> = Promise.resolve();
  return {
    run(work) {
      const turn = last.then(work);
      // The next turn follows this one however it ends.
      last = turn.catch(() => undefined);
      return turn;
    },
  };
}
