import type { PlacePage } from '../../db/repositories/imports.ts';
import type { Turns } from './event-loop-turns.ts';

/** Rows a page: one short statement each, about 2 ms of the event loop on SQLite (~11 µs a meter row). */
const ROWS_PER_PAGE = 200;

/**
 * Every row of an account-wide read, a page at a time after the last row read, with a turn for other
 * requests between pages (ADR 052): on SQLite one statement over the meters of an account of 10,000
 * remote meters held the event loop for tens of milliseconds, once for every file a gateway delivered.
 */
export async function pagesInTurns<Row>(
  selectPage: (page: PlacePage<Row>) => Promise<Row[]>,
  turns: Turns,
  limit = ROWS_PER_PAGE,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    await turns.pause();
    const page = await selectPage({ after: rows.at(-1), limit });
    rows.push(...page);
    if (page.length < limit) return rows;
  }
}
