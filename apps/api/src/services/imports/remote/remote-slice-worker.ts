import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteFile } from '../../../db/engine/connection.ts';
import { type RemoteSlice, storeRemoteSlice } from './remote-slices.ts';

// The remote import's writer thread on SQLite (ADR 052, "worker"): stores a remote file's slices on a
// connection of its own to the server's file, with the server's settings, each slice in its own
// transaction (begun immediate), so the server's event loop runs none of the apply's statements; WAL
// lets the server read beside it. Built to dist/remote-slice-worker.js (scripts/build-server.mjs).

export type SliceJob = { slice: RemoteSlice; userId: string };
/** Committed, or rolled back with the error's message and SQLite code. */
export type SliceAnswer = { ok: true } | { ok: false; message: string; code: string | undefined };

const { sqliteFile } = workerData as { sqliteFile: string };
const { db } = openSqliteFile(sqliteFile);

parentPort?.on('message', async ({ slice, userId }: SliceJob) => {
  let answer: SliceAnswer;
  try {
    await db.transaction().execute((trx) => storeRemoteSlice(trx, slice, userId));
    answer = { ok: true };
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    answer = { ok: false, message: message ?? String(error), code };
  }
  parentPort?.postMessage(answer);
});
