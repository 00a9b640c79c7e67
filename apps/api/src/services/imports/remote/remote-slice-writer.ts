import type { Worker } from 'node:worker_threads';
import type { WriteTurns } from '../../../db/engine/write-turns.ts';
import type { RemoteSliceStore } from '../run-import.ts';
import { askWorker, startWorkerThread, workerFailureError } from '../worker-thread.ts';
import type { SliceAnswer, SliceJob, SliceWorkerData } from './remote-slice-worker.ts';

// Stores a remote file's slices in a worker thread with its own connection to the database (ADR 052,
// "worker"): the server's event loop only waits for each slice's answer. On SQLite a slice is stored in
// its turn beside the group commit (db/engine/write-turns.ts), so the server never begins a transaction
// while the worker holds the file's write lock and never waits for it synchronously; PostgreSQL needs
// no turns, as its transactions run side by side. One worker per instance,
// started at the first slice and kept for the next; one that fails or overruns is ended (its open
// transaction rolls back) and replaced at the next slice.

/** A slice commits in tens of milliseconds; far past that the worker is stuck, and every write waits. */
const SLICE_TIME_LIMIT_MS = 30_000;

export type RemoteSliceWriter = {
  store: RemoteSliceStore;
  /** Ends the worker; a slice under way rolls back and fails, and no slice is stored after it. */
  close(): Promise<void>;
};

/** An error of a slice the worker rolled back, with the database's code as the server's own errors carry it. */
class SliceError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** `turns`: the SQLite server's write turns, which a slice waits for; none on PostgreSQL. */
export function createRemoteSliceWriter(database: SliceWorkerData, turns?: WriteTurns): RemoteSliceWriter {
  let worker: Worker | null = null;
  let closed = false;

  async function storeInWorker(job: SliceJob): Promise<void> {
    // Closed with the app: an apply under way stops here, its stored slices kept.
    if (closed) throw new Error('remote slice writer closed');
    const current = worker ?? startWorker(database);
    worker = current;
    // A failed slice settles once the worker is gone: its transaction must not outlive the turn.
    const answer = await askWorker<SliceAnswer>(current, job, {
      timeoutMs: SLICE_TIME_LIMIT_MS,
      ended: () => {
        if (worker === current) worker = null;
      },
      failed: (failure) => {
        throw workerFailureError('remote slice worker', failure, SLICE_TIME_LIMIT_MS);
      },
    });
    if (!answer.ok) throw new SliceError(answer.message, answer.code);
  }

  return {
    store: (slice, userId) =>
      turns ? turns.run(() => storeInWorker({ slice, userId })) : storeInWorker({ slice, userId }),
    async close() {
      closed = true;
      const open = worker;
      worker = null;
      await open?.terminate();
    },
  };
}

function startWorker(database: SliceWorkerData): Worker {
  // In the production bundle (dist/server.js) the worker is dist/remote-slice-worker.js beside it.
  const worker = startWorkerThread(
    {
      source: new URL('./remote-slice-worker.ts', import.meta.url),
      bundled: new URL('./remote-slice-worker.js', import.meta.url),
    },
    { workerData: database },
  );
  // An idle worker must not keep the process alive; close() ends it with the app.
  worker.unref();
  return worker;
}
