import { parentPort, workerData } from 'node:worker_threads';
import { openPostgres, openSqliteFile } from '../../../db/engine/connection.ts';
import { type RemoteSlice, storeRemoteSlice } from './remote-slices.ts';

// The remote import's writer thread (ADR 052, "worker"): stores a remote file's slices on a connection
// of its own, each slice in its own transaction, so the server's event loop runs none of the apply's
// statements. On SQLite it opens the server's file with the server's settings (transactions begun
// immediate; WAL lets the server read beside it); on PostgreSQL a pool of its own that bumps the shared
// data version after each slice, as the server's does. Built to dist/remote-slice-worker.js
// (scripts/build-server.mjs).

export type SliceJob = { slice: RemoteSlice; userId: string };
/** Committed, or rolled back with the error's message and the database's code. */
export type SliceAnswer = { ok: true } | { ok: false; message: string; code: string | undefined };

/** The database the worker opens a connection of its own to: the server's SQLite file or PostgreSQL database. */
export type SliceWorkerData = { sqliteFile: string } | { databaseUrl: string };

const data = workerData as SliceWorkerData;
// One slice at a time: a pool of two leaves room for the table statistics' ANALYZE beside it.
const { db } =
  'sqliteFile' in data
    ? openSqliteFile(data.sqliteFile)
    : openPostgres(data.databaseUrl, { maxConnections: 2 });

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
