// Imports plan and write on the server's event loop (ADR 052): on SQLite every statement runs
// synchronously, and a loop over 20,000 rows only awaits resolved promises, so no other request would
// be answered until it ends. Long loops call `pause()` often; it hands the loop to waiting requests once
// the work has run for a slice of time, and costs nothing in between.

/**
 * How long the import works before other requests get a turn. A request needs several turns of the
 * loop (its body, its queries, its answer), each of which may wait a whole slice: at 10 ms a paced
 * tree read's p99 during a remote import was 5–7× its p99 without, at 2 ms 1.2–2.1× (ADR 052).
 */
const WORK_SLICE_MS = 2;

export type Turns = { pause(): Promise<void> };

/** Lets I/O callbacks (other requests, their queries' answers) run before the work goes on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function createTurns(sliceMs = WORK_SLICE_MS): Turns {
  let since = performance.now();
  return {
    async pause() {
      if (performance.now() - since < sliceMs) return;
      await nextTurn();
      since = performance.now();
    },
  };
}
