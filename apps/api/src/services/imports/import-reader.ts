import type { Worker } from 'node:worker_threads';
import { IMPORT_MESSAGES } from '@maaler/contract';
import type { ImportJob, RefusedBody } from './import-body.ts';
import { fileError, type ParsedFile } from './import-files.ts';
import { askWorker, startWorkerThread, workerFailureError } from './worker-thread.ts';

// Reads import requests' files in a worker thread (ADR 028, 052), so the event loop keeps answering
// every other request while a body is decoded and its file unpacked and parsed. One worker per
// instance, started at the first import and kept for the next (starting one costs more than most
// files); its heap and each file's time are capped, and a worker past either is ended, which frees all
// it held, and replaced at the next file. The caller reads one file at a time (the import slot).

/** How long a file may take to read; a full 20,000-row file takes a few seconds on a loaded 2-core machine. */
const PARSE_TIME_LIMIT_MS = 30_000;
/** The worker's heap: a full file's rows and ExcelJS's buffers fit in a fraction of it. */
const WORKER_HEAP_MB = 256;

export type ImportReader = {
  read(job: ImportJob): Promise<ParsedFile | RefusedBody>;
  close(): Promise<void>;
};

export function createImportReader(): ImportReader {
  let worker: Worker | null = null;
  return {
    read(job) {
      const current = worker ?? startWorker();
      worker = current;
      return askWorker<ParsedFile | RefusedBody>(current, job, {
        timeoutMs: PARSE_TIME_LIMIT_MS,
        ended: () => {
          if (worker === current) worker = null;
        },
        failed: (failure) => {
          const outOfMemory = failure.kind === 'error' && failure.error.code === 'ERR_WORKER_OUT_OF_MEMORY';
          if (outOfMemory || failure.kind === 'timeout') return fileError(IMPORT_MESSAGES.fileTooHeavy);
          throw workerFailureError('import worker', failure, PARSE_TIME_LIMIT_MS);
        },
      });
    },
    async close() {
      const open = worker;
      worker = null;
      await open?.terminate();
    },
  };
}

function startWorker(): Worker {
  // In the production bundle (dist/server.js) the worker is dist/import-worker.js beside it.
  const worker = startWorkerThread(
    {
      source: new URL('./import-worker.ts', import.meta.url),
      bundled: new URL('./import-worker.js', import.meta.url),
    },
    { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } },
  );
  // An idle worker must not keep the process alive; close() ends it with the app.
  worker.unref();
  return worker;
}
