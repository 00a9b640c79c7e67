import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';

export type SqliteAnchor = {
  /** Committed transactions per second. */
  commitsPerSecond: number;
  rowsPerSecond: number;
  rows: number;
};

/** The readings table as the migration makes it: the write work the API cannot avoid. */
const READINGS_TABLE = `
  create table readings (
    id integer primary key autoincrement,
    device_item_id integer not null,
    date_record text not null,
    value text not null,
    registered_at text not null,
    registered_by text not null,
    plausibility_override integer not null default 0,
    constraint readings_item_date_uq unique (device_item_id, date_record)
  )`;

/**
 * Raw better-sqlite3 inserts into a file in the same temporary folder as the server's database,
 * WAL + synchronous=FULL, `rowsPerTransaction` rows per commit, for `seconds`.
 */
export function measureSqliteInserts(rowsPerTransaction: number, seconds: number): SqliteAnchor {
  const dir = mkdtempSync(join(tmpdir(), 'maaler-bench-sqlite-'));
  const db = new SQLite(join(dir, 'anchor.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(READINGS_TABLE);
    const insert = db.prepare(
      `insert into readings (device_item_id, date_record, value, registered_at, registered_by)
       values (?, ?, ?, ?, ?)`,
    );
    const at = new Date().toISOString();
    let next = 0;
    const commit = db.transaction(() => {
      for (let i = 0; i < rowsPerTransaction; i++, next++) {
        insert.run(next % 2000, String(next), `${next}.5`, at, 'bench-user');
      }
    });
    const started = performance.now();
    const deadline = started + seconds * 1000;
    let commits = 0;
    while (performance.now() < deadline) {
      commit();
      commits++;
    }
    const elapsed = (performance.now() - started) / 1000;
    return { commitsPerSecond: commits / elapsed, rowsPerSecond: next / elapsed, rows: next };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
