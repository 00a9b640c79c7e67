import type { Kysely } from 'kysely';
import { analyzeTable } from '../repositories/table-statistics.ts';
import type { Database } from '../schema.ts';
import type { InsertedRows } from './data-version-bump.ts';

/** Rows a table must grow by before it is analysed again, at the least. */
export const MIN_GROWTH_ROWS = 1_000;

export type TableGrowth = {
  /** Rows committed into tables by this instance. */
  added(inserted: InsertedRows): void;
  /** Resolves once the ANALYZE that is running, if any, has ended (tests, shutdown). */
  settled(): Promise<void>;
};

/**
 * ANALYZE a table each time this instance has added as many rows as the table had at its last
 * ANALYZE (and at least MIN_GROWTH_ROWS), in the background, one table at a time. A plan PostgreSQL
 * made and cached while a table was small (a foreign-key check's sequential scan over `readings`)
 * is then made again before the table is more than about twice that size, instead of whenever
 * autovacuum gets to it (ADR 022). Doubling keeps the number of ANALYZEs logarithmic in the growth.
 */
export function createTableGrowth(
  db: Kysely<Database>,
  onError: (error: unknown, table: string) => void,
): TableGrowth {
  const sinceAnalyze = new Map<string, number>();
  const rowsAtAnalyze = new Map<string, number>();
  const due = new Set<string>();
  let running: Promise<void> | undefined;

  async function analyzeDue(): Promise<void> {
    for (const table of due) {
      due.delete(table);
      sinceAnalyze.set(table, 0);
      try {
        rowsAtAnalyze.set(table, await analyzeTable(db, table));
      } catch (error) {
        onError(error, table);
      }
    }
    running = undefined;
  }

  return {
    added(inserted) {
      for (const [table, rows] of inserted) {
        const since = (sinceAnalyze.get(table) ?? 0) + rows;
        sinceAnalyze.set(table, since);
        if (since >= Math.max(MIN_GROWTH_ROWS, rowsAtAnalyze.get(table) ?? 0)) due.add(table);
      }
      if (due.size > 0 && !running) running = analyzeDue();
    },
    settled: () => running ?? Promise.resolve(),
  };
}
