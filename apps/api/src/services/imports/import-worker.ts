import { parentPort } from 'node:worker_threads';
import { type ImportJob, readImportBody } from './import-body.ts';

// The import worker's entry (ADR 028): reads one request's file at a time off the event loop and posts
// back the parsed rows. Built to dist/import-worker.js beside the server bundle (scripts/build-server.mjs).

parentPort?.on('message', async (job: ImportJob) => {
  parentPort?.postMessage(await readImportBody(job));
});
