import { parentPort } from 'node:worker_threads';
import { type ParseJob, parseImportFile } from './import-files.ts';

// The import worker's entry (ADR 028): reads one file at a time off the event loop and posts back the
// parsed rows. Built to dist/import-worker.js beside the server bundle (scripts/build-server.mjs).

parentPort?.on('message', async (job: ParseJob) => {
  parentPort?.postMessage(await parseImportFile(job.kind, job.format, Buffer.from(job.bytes)));
});
