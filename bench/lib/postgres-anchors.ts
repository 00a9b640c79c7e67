import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ANCHOR_COLUMNS, anchorRow, readingsTable } from './anchor-readings.ts';

export type PostgresAnchor = {
  /** Committed transactions per second, over every client. */
  commitsPerSecond: number;
  rowsPerSecond: number;
  rows: number;
  /** 99th percentile of one transaction's time, milliseconds. */
  latencyP99: number;
  clients: number;
};

function insertText(rows: number): string {
  const tuples = Array.from(
    { length: rows },
    (_, row) => `(${ANCHOR_COLUMNS.map((_, c) => `$${row * ANCHOR_COLUMNS.length + c + 1}`).join(', ')})`,
  );
  return `insert into readings (${ANCHOR_COLUMNS.join(', ')}) values ${tuples.join(', ')}`;
}

/**
 * Raw `pg` inserts on the same server as the API, in a database of their own: `clients` connections
 * (the API's pool and the load's connections are 10) each committing `rowsPerTransaction` rows per
 * transaction as one prepared multi-row INSERT, for `seconds`. synchronous_commit stays on, as for the
 * API, so every commit waits for its WAL flush (PostgreSQL groups concurrent flushes).
 */
export async function measurePostgresInserts(
  serverUrl: string,
  rowsPerTransaction: number,
  seconds: number,
  clients = 10,
): Promise<PostgresAnchor> {
  const name = `maaler_anchor_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connections = Array.from(
    { length: clients },
    () => new pg.Client({ connectionString: url.toString() }),
  );
  try {
    await Promise.all(connections.map((client) => client.connect()));
    await connections[0]?.query(readingsTable('serial primary key'));
    const text = insertText(rowsPerTransaction);
    const at = new Date().toISOString();
    let next = 0;
    let commits = 0;
    const latencies: number[] = [];
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      connections.map(async (client) => {
        while (performance.now() < deadline) {
          const values: (string | number)[] = [];
          for (let i = 0; i < rowsPerTransaction; i++, next++) {
            values.push(...anchorRow(next, at));
          }
          const begun = performance.now();
          await client.query({ name: 'anchor', text, values });
          latencies.push(performance.now() - begun);
          commits++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
    return {
      commitsPerSecond: commits / elapsed,
      rowsPerSecond: (commits * rowsPerTransaction) / elapsed,
      rows: commits * rowsPerTransaction,
      latencyP99: Math.round(p99),
      clients,
    };
  } finally {
    await Promise.all(connections.map((client) => client.end().catch(() => undefined)));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
