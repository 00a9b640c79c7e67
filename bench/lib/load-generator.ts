import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type LoadResult, type LoadSpec, type ReadingLoad, readingKey } from './load-spec.ts';

/**
 * Runs one autocannon load in its own process, so that the load's CPU is not the server's:
 * `node --import tsx bench/lib/load-generator.ts '<LoadSpec JSON>'`. Prints a LoadResult as JSON.
 */
const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;

/** MM/DD/YYYY, the wire form of a reading date. */
function usDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

function readingRequests(load: ReadingLoad) {
  let nextKey = load.firstKey;
  // Idempotency keys of this run only: the user's earlier runs used the same key numbers.
  const run = randomUUID();
  const acknowledged: number[] = [];
  const request: autocannon.Request = {
    method: 'POST',
    setupRequest(request, context) {
      const first = nextKey;
      nextKey += load.perRequest;
      (context as { first?: number }).first = first;
      const batch = Array.from({ length: load.perRequest }, (_, i) => {
        const { point, isoDate } = readingKey(load, first + i);
        return { ...point, dateRecord: usDate(isoDate), value: `${first + i},5` };
      });
      // As the app sends them: one Idempotency-Key per batch.
      const headers = { ...request.headers, 'idempotency-key': `${run}-${first}` };
      return { ...request, headers, body: JSON.stringify(batch) };
    },
    onResponse(status, _body, context) {
      const first = (context as { first?: number }).first;
      if (status === 200 && first !== undefined) acknowledged.push(first);
    },
  };
  return { request, acknowledged, nextKey: () => nextKey };
}

const readings = spec.readings ? readingRequests(spec.readings) : undefined;
const result = await autocannon({
  url: spec.url,
  method: spec.method,
  headers: spec.headers,
  connections: spec.connections,
  duration: spec.durationSeconds,
  ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
  ...(spec.body === undefined ? {} : { body: spec.body }),
  ...(readings ? { requests: [readings.request] } : {}),
});

if (readings && spec.readings) {
  writeFileSync(spec.readings.acknowledgedFile, JSON.stringify(readings.acknowledged));
}
const output: LoadResult = {
  requestsPerSecond: result.requests.average,
  latencyP50: result.latency.p50,
  latencyP99: result.latency.p99,
  latencyMax: result.latency.max,
  requests: result.requests.total,
  non2xx: result.non2xx,
  statusCodes: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
  ),
  errors: result.errors,
  timeouts: result.timeouts,
  durationSeconds: result.duration,
  ...(readings ? { nextKey: readings.nextKey() } : {}),
};
process.stdout.write(`${JSON.stringify(output)}\n`);
