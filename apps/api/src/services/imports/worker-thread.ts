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
