import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AccountList } from '@maaler/contract';
import { httpRequest } from '@maaler/test-support/http-client';
import { type ApiUnderTest, login, withDatabase } from './api-under-test.ts';
import { accountIdOfUser, addBenchPoints, growReadings } from './bench-points.ts';
import { type LoadResult, type LoadSpec, readingKey } from './load-spec.ts';
import { startScript } from './node-script.ts';
import { runLoad, warmThenRunLoad } from './run-load.ts';
import {
  CONNECTIONS,
  FIRST_READING_DATE,
  measured,
  type WriteRun,
  type WriteTarget,
  writeRun,
} from './write-run.ts';

const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const XSRF = 'bench-xsrf-token-0123456789abcdef0123';
const READ_USER = 'kunde@eksempel.dk';
/** Kløverhuse is reached by this user only, so its extra benchmark points disturb no other figure. */
const WRITE_USER = 'klover@eksempel.dk';
export const BATCH_SIZE = 100;
/**
 * The bare route and the tree read are measured in this many back-to-back pairs; the pair with the
 * median ratio is reported, so that a burst of other work on a shared machine during one load does
 * not decide the ratio.
 */
const READ_PAIRS = 3;
/**
 * PostgreSQL: the batches are measured again after this many days of readings per benchmark point
 * (2,000 points) are added behind the server's back, so that a plan made while the table was small
 * shows (docs/performance.md, ADR 022).
 */
const GROWTH_DAYS = 250;

export type ScenarioOptions = { seconds: number; warmSeconds: number; log: (line: string) => void };

export type ApiFigures = {
  kind: ApiUnderTest['kind'];
  readBodyBytes: number;
  bareRead: LoadResult;
  read: LoadResult;
  /** Tree read ÷ bare route of every pair, in the order measured (the reported pair is the median). */
  readRatios: number[];
  bareWrite: LoadResult;
  singleWrite: WriteRun;
  batchWrite: WriteRun;
  readAtHalfLoad: LoadResult & { rate: number };
  singleWriteAtHalfLoad: WriteRun & { rate: number };
  /** PostgreSQL: the batches again after the readings table grew by `rowsAdded` rows. */
  afterGrowth?: { rowsAdded: number; batchWrite: WriteRun };
};

/**
 * Every API figure on one database: the bare Fastify route (its own process, same run) beside the
 * authenticated tree read, single durable readings and batches of 100, then each path at about half
 * of the rate it reached. The load comes from autocannon in another process.
 */
export type Targets = {
  readSpec: LoadSpec;
  readBody: string;
  write: WriteTarget;
  keys: { next: number };
  sampleReading: string;
};

/** Signs the read and the write user in and adds the write user's benchmark points. */
export async function prepareTargets(api: ApiUnderTest, seconds: number): Promise<Targets> {
  const base = api.server.baseUrl;
  const readToken = await login(api, READ_USER);
  const readAccount = await firstAccountOf(base, readToken);
  const readPath = `/api/gateway/loadlistsimple/${readAccount}`;
  const readAnswer = await httpRequest(base, { method: 'GET', path: readPath, token: readToken });
  if (readAnswer.status !== 200) throw new Error(`tree read answered ${readAnswer.status}`);

  const writeToken = await login(api, WRITE_USER);
  const writeAccount = await withDatabase(api, (db) => accountIdOfUser(db, WRITE_USER));
  const points = await withDatabase(api, (db) => addBenchPoints(db, writeAccount, 20, 100));
  const first = readingKey({ points, firstIsoDate: FIRST_READING_DATE }, 0).point;
  return {
    readSpec: {
      url: `${base}${readPath}`,
      method: 'GET',
      headers: { authorization: `Bearer ${readToken}`, cookie: `XSRF-TOKEN=${XSRF}` },
      connections: CONNECTIONS,
      durationSeconds: seconds,
    },
    readBody: JSON.stringify(readAnswer.body),
    write: {
      url: `${base}/api/gateway/manualregisterdeviceitemdata/${writeAccount}`,
      headers: jsonHeaders(writeToken),
      points,
    },
    keys: { next: 0 },
    sampleReading: JSON.stringify([{ ...first, dateRecord: '02/01/2022', value: '1,5' }]),
  };
}

/**
 * Every API figure on one database: the bare Fastify route (its own process, same run) beside the
 * authenticated tree read, single durable readings and batches of 100, then each path at about half
 * of the rate it reached. The load comes from autocannon in another process.
 */
export async function measureApi(api: ApiUnderTest, options: ScenarioOptions): Promise<ApiFigures> {
  const { log, seconds, warmSeconds } = options;
  const { readSpec, readBody, write, keys, sampleReading } = await prepareTargets(api, seconds);
  const bare = await startBareServer(JSON.parse(readBody), { Success: true, Message: '', Count: 1 });
  try {
    const bareUrl = `http://127.0.0.1:${bare.port}/bare`;
    const pairs: { bareRead: LoadResult; read: LoadResult; ratio: number }[] = [];
    for (let pair = 1; pair <= READ_PAIRS; pair++) {
      const bareRead = await measured(`bare GET (pair ${pair})`, log, () =>
        warmThenRunLoad({ ...readSpec, url: bareUrl, headers: {} }, warmSeconds),
      );
      const read = await measured(`API GET tree (pair ${pair})`, log, () =>
        warmThenRunLoad(readSpec, warmSeconds),
      );
      pairs.push({ bareRead, read, ratio: read.requestsPerSecond / bareRead.requestsPerSecond });
    }
    const { bareRead, read } = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(READ_PAIRS / 2)] ?? {};
    if (!bareRead || !read) throw new Error('no read pair measured');
    const bareWrite = await measured('bare POST', log, () =>
      warmThenRunLoad(
        {
          ...readSpec,
          url: bareUrl,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: sampleReading,
        },
        warmSeconds,
      ),
    );
    await writeRun(api, write, keys, { seconds: warmSeconds, perRequest: 1 }, log);
    const singleWrite = await writeRun(api, write, keys, { seconds, perRequest: 1 }, log);
    await writeRun(api, write, keys, { seconds: warmSeconds, perRequest: BATCH_SIZE }, log);
    const batchWrite = await writeRun(api, write, keys, { seconds, perRequest: BATCH_SIZE }, log);
    const afterGrowth =
      api.kind === 'postgres' ? await batchesAfterGrowth(api, write, keys, options) : undefined;

    // Warmed up like every other load: on PostgreSQL the server's ANALYZE after the growth above makes
    // each connection plan its statements again at its next write (100–250 ms each under load), which
    // is not the steady state a half-load latency describes (docs/performance.md).
    const readRate = Math.max(1, Math.round(read.requestsPerSecond / 2));
    const readAtHalfLoad = await measured(`API GET tree at ${readRate}/s`, log, () =>
      warmThenRunLoad({ ...readSpec, overallRate: readRate }, warmSeconds),
    );
    const writeRate = Math.max(1, Math.round(singleWrite.requestsPerSecond / 2));
    await writeRun(api, write, keys, { seconds: warmSeconds, perRequest: 1, rate: writeRate }, log);
    const singleWriteAtHalfLoad = await writeRun(
      api,
      write,
      keys,
      { seconds, perRequest: 1, rate: writeRate },
      log,
    );
    return {
      kind: api.kind,
      readBodyBytes: Buffer.byteLength(readBody),
      bareRead,
      read,
      readRatios: pairs.map((pair) => pair.ratio),
      bareWrite,
      singleWrite,
      batchWrite,
      readAtHalfLoad: { ...readAtHalfLoad, rate: readRate },
      singleWriteAtHalfLoad: { ...singleWriteAtHalfLoad, rate: writeRate },
      ...(afterGrowth ? { afterGrowth } : {}),
    };
  } finally {
    await bare.stop();
  }
}

async function batchesAfterGrowth(
  api: ApiUnderTest,
  write: WriteTarget,
  keys: { next: number },
  { seconds, warmSeconds, log }: ScenarioOptions,
) {
  const rowsAdded = await withDatabase(api, (db) =>
    growReadings(db, write.points, GROWTH_DAYS, FIRST_READING_DATE, WRITE_USER),
  );
  log(`  readings table grown by ${rowsAdded} rows`);
  await writeRun(api, write, keys, { seconds: warmSeconds, perRequest: BATCH_SIZE }, log);
  const batchWrite = await writeRun(api, write, keys, { seconds, perRequest: BATCH_SIZE }, log);
  return { rowsAdded, batchWrite };
}

/** One path under full load, for a CPU profile of the server (profile-api.ts). */
export const profileLoads = {
  async read(api: ApiUnderTest, seconds: number) {
    const { readSpec } = await prepareTargets(api, seconds);
    await measured('API GET tree', console.log, () => runLoad(readSpec));
  },
  async single(api: ApiUnderTest, seconds: number) {
    const { write, keys } = await prepareTargets(api, seconds);
    await writeRun(api, write, keys, { seconds, perRequest: 1 }, console.log);
  },
  async batch(api: ApiUnderTest, seconds: number) {
    const { write, keys } = await prepareTargets(api, seconds);
    await writeRun(api, write, keys, { seconds, perRequest: BATCH_SIZE }, console.log);
  },
};

export function jsonHeaders(token: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    cookie: `XSRF-TOKEN=${XSRF}`,
    'x-xsrf-token': XSRF,
    'content-type': 'application/json',
  };
}

async function firstAccountOf(base: string, token: string): Promise<string> {
  const answer = await httpRequest(base, {
    method: 'GET',
    path: '/api/account/loadlistbycurrentuser/v2/9',
    token,
  });
  const first = AccountList.parse(answer.body)[0];
  if (!first) throw new Error(`${READ_USER} has no account`);
  return first.guid;
}

async function startBareServer(readBody: unknown, writeBody: unknown) {
  const dir = join(tmpdir(), `maaler-bench-bare-${process.pid}`);
  const readFile = `${dir}-read.json`;
  const writeFile = `${dir}-write.json`;
  writeFileSync(readFile, JSON.stringify(readBody));
  writeFileSync(writeFile, JSON.stringify(writeBody));
  const running = await startScript<{ port: number }>(BARE_SERVER, [readFile, writeFile]);
  return {
    port: running.first.port,
    async stop() {
      await running.stop();
      rmSync(readFile, { force: true });
      rmSync(writeFile, { force: true });
    },
  };
}
