import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type PostgresAnchor = {
  /** Committed transactions per second, over every client. */
  commitsPerSecond: number;
  rowsPerSecond: number;
  rows: number;
  /** 99th percentile of one transaction's time, milliseconds. */
  latencyP99: number;
  clients: number;
};

/** The readings table as the migrations make it on PostgreSQL: the write work the API cannot avoid. */
const READINGS_TABLE = `
  create table readings (
    id serial primary key,
    device_item_id integer not null,
    date_record text not null,
    value text not null,
    registered_at text not null,
    registered_by text not null,
    plausibility_override integer not null default 0,
    constraint readings_item_date_uq unique (device_item_id, date_record)
  )`;

const COLUMNS = 5;

function insertText(rows: number): string {
  const tuples = Array.from(
    { length: rows },
    (_, row) => `(${Array.from({ length: COLUMNS }, (_, c) => `$${row * COLUMNS + c + 1}`).join(', ')})`,
  );
  return `insert into readings (device_item_id, date_record, value, registered_at, registered_by) values ${tuples.join(', ')}`;
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
    await connections[0]?.query(READINGS_TABLE);
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
            values.push(next % 2000, String(next), `${next}.5`, at, 'bench-user');
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
