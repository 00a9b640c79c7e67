import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A worker's entry: its TypeScript file, and its file in the production bundle (dist/, beside server.js). */
export type WorkerEntry = { source: URL; bundled: URL };

/**
 * Starts the worker at `entry` (ADR 028): in the production bundle its built file, from TypeScript (tsx,
 * vitest) its source through tsx's loader, since Node 20 does not apply a parent's `--import tsx` to a
 * worker's entry; the worker registers tsx before importing it.
 */
export function startWorkerThread(entry: WorkerEntry, options: WorkerOptions = {}): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(entry.bundled, options);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const source = JSON.stringify(entry.source.href);
  return new Worker(`import(${tsx}).then(({ register }) => { register(); return import(${source}); });`, {
    ...options,
    eval: true,
  });
}

/** Why a worker gave no answer to a job. */
export type WorkerFailure =
  | { kind: 'error'; error: NodeJS.ErrnoException }
  | { kind: 'exit'; code: number }
  | { kind: 'timeout' };

export type WorkerJob<Answer> = {
  /** Past this the worker is taken as stuck. */
  timeoutMs: number;
  /** Told first when the worker is ended, so its owner starts another for the next job. */
  ended: () => void;
  /** What a failed job answers; throws what it rejects with. */
  failed: (failure: WorkerFailure) => Answer;
};

/**
 * Posts one job to `worker` and answers with its first message. A worker that fails, exits or overruns
 * is ended, and the job settles only once it is gone: nothing it held (a file's buffers, an open
 * transaction) outlives the job.
 */
export function askWorker<Answer>(worker: Worker, job: unknown, options: WorkerJob<Answer>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    const fail = (failure: WorkerFailure) => {
      done();
      options.ended();
      let settle: () => void;
      try {
        const answer = options.failed(failure);
        settle = () => resolve(answer);
      } catch (error) {
        settle = () => reject(error);
      }
      void worker.terminate().finally(settle);
    };
    const onMessage = (answer: Answer) => {
      done();
      resolve(answer);
    };
    const onError = (error: NodeJS.ErrnoException) => fail({ kind: 'error', error });
    const onExit = (code: number) => fail({ kind: 'exit', code });
    const timer = setTimeout(() => fail({ kind: 'timeout' }), options.timeoutMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(job);
  });
}

/** The error a failed job rejects with: the worker's own, or what became of the worker. */
export function workerFailureError(name: string, failure: WorkerFailure, timeoutMs: number): Error {
  if (failure.kind === 'error') return failure.error;
  if (failure.kind === 'exit') return new Error(`${name} exited with code ${failure.code} before answering`);
  return new Error(`${name} gave no answer within ${timeoutMs} ms`);
}
