/** What one load run does; the parent process passes it to load-generator.ts as JSON. */
export type LoadSpec = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** Requests per second over all connections; unset means as fast as the server answers. */
  overallRate?: number;
  /** A fixed body (JSON text) for every request. */
  body?: string;
  /** Reading batches with (point, date) keys that no other request of the run uses. */
  readings?: ReadingLoad;
};

export type LoadPoint = { gatewayId: number; deviceId: number; deviceItemId: number };

export type ReadingLoad = {
  points: LoadPoint[];
  /** ISO date of the first key; keys walk through every point of a date, then the next date. */
  firstIsoDate: string;
  perRequest: number;
  /** Key number the run starts at, so consecutive runs on one database never collide. */
  firstKey: number;
  /** Where to write the first key number of every acknowledged (200) request, as JSON. */
  acknowledgedFile: string;
};

/** What the load generator prints. Latencies in milliseconds. */
export type LoadResult = {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  requests: number;
  non2xx: number;
  /** Answers by HTTP status, e.g. { "200": 9000 }. */
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  /** Key number after the last one handed out (reading loads only). */
  nextKey?: number;
};

/** The (point, ISO date) of key number `n` of a reading load. */
export function readingKey(load: Pick<ReadingLoad, 'points' | 'firstIsoDate'>, n: number) {
  const point = load.points[n % load.points.length];
  if (!point) throw new Error('a reading load needs measurement points');
  return { point, isoDate: addDays(load.firstIsoDate, Math.floor(n / load.points.length)) };
}

export function addDays(isoDate: string, days: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
