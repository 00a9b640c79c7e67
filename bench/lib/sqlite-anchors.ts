import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { ANCHOR_COLUMNS, anchorRow, readingsTable } from './anchor-readings.ts';

export type SqliteAnchor = {
  /** Committed transactions per second. */
  commitsPerSecond: number;
  rowsPerSecond: number;
  rows: number;
};

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
    db.exec(readingsTable('integer primary key autoincrement'));
    const insert = db.prepare(
      `insert into readings (${ANCHOR_COLUMNS.join(', ')}) values (${ANCHOR_COLUMNS.map(() => '?').join(', ')})`,
    );
    const at = new Date().toISOString();
    let next = 0;
    const commit = db.transaction(() => {
      for (let i = 0; i < rowsPerTransaction; i++, next++) {
        insert.run(...anchorRow(next, at));
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
