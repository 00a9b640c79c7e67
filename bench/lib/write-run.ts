import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiUnderTest, withDatabase } from './api-under-test.ts';
import { countStoredKeys } from './bench-points.ts';
import { type LoadPoint, type LoadResult, readingKey } from './load-spec.ts';
import { runLoad } from './run-load.ts';

export const CONNECTIONS = 10;
export const FIRST_READING_DATE = '2022-02-01';

/** A write run and the check that every reading the server acknowledged is in the database. */
export type WriteRun = LoadResult & { readingsPerSecond: number; acknowledged: number; stored: number };

export type WriteTarget = { url: string; headers: Record<string, string>; points: LoadPoint[] };

export async function measured<T extends LoadResult>(
  what: string,
  log: (line: string) => void,
  run: () => Promise<T>,
) {
  const result = await run();
  log(
    `  ${what}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.latencyP50} ms, p99 ${result.latencyP99} ms` +
      (result.non2xx + result.errors + result.timeouts > 0
        ? `, answers ${JSON.stringify(result.statusCodes)}, errors ${result.errors}, timeouts ${result.timeouts}`
        : ''),
  );
  return result;
}

/** One write load with fresh keys, then the count of its acknowledged readings in the database. */
export async function writeRun(
  api: ApiUnderTest,
  target: WriteTarget,
  keys: { next: number },
  run: { seconds: number; perRequest: number; rate?: number; connections?: number },
  log: (line: string) => void,
): Promise<WriteRun> {
  const acknowledgedFile = join(tmpdir(), `maaler-bench-acks-${process.pid}-${keys.next}.json`);
  const what = `API POST ${run.perRequest === 1 ? 'single readings' : `batches of ${run.perRequest}`}${
    run.rate ? ` at ${run.rate}/s` : ''
  }`;
  const result = await measured(what, log, () =>
    runLoad({
      url: target.url,
      method: 'POST',
      headers: target.headers,
      connections: run.connections ?? CONNECTIONS,
      durationSeconds: run.seconds,
      ...(run.rate ? { overallRate: run.rate } : {}),
      readings: {
        points: target.points,
        firstIsoDate: FIRST_READING_DATE,
        perRequest: run.perRequest,
        firstKey: keys.next,
        acknowledgedFile,
      },
    }),
  );
  const firstKeys = JSON.parse(readFileSync(acknowledgedFile, 'utf8')) as number[];
  rmSync(acknowledgedFile, { force: true });
  keys.next = result.nextKey ?? keys.next;
  const acknowledged = new Set<string>();
  const load = { points: target.points, firstIsoDate: FIRST_READING_DATE };
  for (const first of firstKeys) {
    for (let i = 0; i < run.perRequest; i++) {
      const { point, isoDate } = readingKey(load, first + i);
      acknowledged.add(`${point.deviceItemId}|${isoDate}`);
    }
  }
  const stored = await withDatabase(api, (db) => countStoredKeys(db, target.points, acknowledged));
  log(`    acknowledged readings ${acknowledged.size}, found in the database ${stored}`);
  if (stored !== acknowledged.size) {
    throw new Error(`${acknowledged.size - stored} acknowledged readings are missing from the database`);
  }
  return {
    ...result,
    readingsPerSecond: result.requestsPerSecond * run.perRequest,
    acknowledged: acknowledged.size,
    stored,
  };
}
