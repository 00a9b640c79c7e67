import { readFileSync } from 'node:fs';
import { AccountList, GatewayTree } from '@maaler/contract';
import { type HttpRequest, httpRequest } from '@maaler/test-support/http-client';
import { sql } from 'kysely';
import { BATCH_SIZE, jsonHeaders } from './api-scenarios.ts';
import { type ApiUnderTest, login, withDatabase } from './api-under-test.ts';
import { addBenchPoints } from './bench-points.ts';
import { HOT_READ_CALLS, type HotReadCall } from './hot-read-calls.ts';
import type { LoadResult } from './load-spec.ts';
import { runLoad } from './run-load.ts';
import { SCALE_ADMIN, SCALE_PASSWORD, SCALE_READER } from './scale-tenants.ts';
import { CONNECTIONS, measured, type WriteRun, type WriteTarget, writeRun } from './write-run.ts';

/** The calls of issue 20 §2 that read, each timed one request at a time. */
export const SCALE_READS = HOT_READ_CALLS;
export type ScaleRead = HotReadCall;

export const SCALE_READ_NAMES: Record<ScaleRead, string> = {
  tree: 'tree read after a write (GET loadlistsimple, cache miss)',
  routeStatus: 'route status (GET readingstatus)',
  history: 'history of one meter (POST loaddeviceitemhistorylist)',
  periodStatus: 'period status report (GET admin/periodstatus)',
  export: 'billing export of the account, CSV (GET admin/export)',
};

export type ReadFigure = { medianMs: number; samples: number[]; bytes: number };
export type TenantFigures = {
  reads: Record<ScaleRead, ReadFigure>;
  single: WriteRun;
  batch: WriteRun;
  /** The export under 10 connections for the load's seconds, for the memory figure. */
  exportLoad: LoadResult;
  /** Peak resident memory of the server process over the whole run (VmHWM), MB. */
  peakRssMb: number;
};

type WriteFigures = Omit<TenantFigures, 'reads'>;

export type ScaleOptions = {
  seconds: number;
  warmSeconds: number;
  samples: number;
  log: (line: string) => void;
};

/** What a request of each read call needs, found from the account's tree. */
type Session = {
  api: ApiUnderTest;
  accountId: string;
  reader: string;
  admin: string;
  meter: { gatewayId: number; deviceId: number };
};

/**
 * Both tenants' servers run side by side; each read call is timed as alternating pairs (small, large;
 * then large, small), one request at a time, so that other work on the shared machine falls on both
 * alike. Then the write loads, taking turns, and the export under concurrent load for the memory
 * figure; the peak resident memory is read from /proc at the end.
 */
export async function measureScale(
  small: ApiUnderTest,
  large: ApiUnderTest,
  labels: [string, string],
  options: ScaleOptions,
): Promise<{ small: TenantFigures; large: TenantFigures; sameAnswers: Record<ScaleRead, boolean> }> {
  const { log } = options;
  const sessions = [await sessionOf(small), await sessionOf(large)] as const;
  const reads = { small: {}, large: {} } as Record<'small' | 'large', Record<ScaleRead, ReadFigure>>;
  const sameAnswers = {} as Record<ScaleRead, boolean>;
  for (const read of SCALE_READS) {
    const samples: [number[], number[]] = [[], []];
    const bodies: [string, string] = ['', ''];
    for (let i = 0; i < options.samples; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const side of order as (0 | 1)[]) {
        const session = sessions[side];
        if (read === 'tree') await invalidateReadCache(session.api);
        const started = performance.now();
        const answer = await httpRequest(session.api.server.baseUrl, requestOf(read, session));
        samples[side].push(performance.now() - started);
        if (answer.status !== 200)
          throw new Error(`${read} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        bodies[side] = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      }
    }
    const [smallFigure, largeFigure] = ([0, 1] as const).map((side) => ({
      medianMs: median(samples[side]),
      samples: samples[side].map((ms) => Math.round(ms * 10) / 10),
      bytes: Buffer.byteLength(bodies[side]),
    }));
    reads.small[read] = smallFigure as ReadFigure;
    reads.large[read] = largeFigure as ReadFigure;
    sameAnswers[read] = bodies[0] === bodies[1];
    log(
      `  ${SCALE_READ_NAMES[read]}: ${labels[0]} ${smallFigure?.medianMs} ms (${smallFigure?.bytes} bytes), ${labels[1]} ${largeFigure?.medianMs} ms (${largeFigure?.bytes} bytes)${sameAnswers[read] ? ', same answer' : ''}`,
    );
  }
  const [smallRest, largeRest] = await writeLoads(sessions, options, labels);
  return {
    small: { reads: reads.small, ...smallRest },
    large: { reads: reads.large, ...largeRest },
    sameAnswers,
  };
}

async function sessionOf(api: ApiUnderTest): Promise<Session> {
  const base = api.server.baseUrl;
  const reader = await login(api, SCALE_READER, SCALE_PASSWORD);
  const admin = await login(api, SCALE_ADMIN, SCALE_PASSWORD);
  const accounts = AccountList.parse(
    (
      await httpRequest(base, {
        method: 'GET',
        path: '/api/account/loadlistbycurrentuser/v2/9',
        token: admin,
      })
    ).body,
  );
  const accountId = accounts.find((account) => account.name === 'Afdeling 001')?.guid;
  if (!accountId) throw new Error('the tenant has no Afdeling 001');
  const tree = GatewayTree.parse(
    (
      await httpRequest(base, {
        method: 'GET',
        path: `/api/gateway/loadlistsimple/${accountId}`,
        token: reader,
      })
    ).body,
  );
  const gateway = tree[0];
  const device = gateway?.DeviceList[0];
  if (!gateway || !device) throw new Error('the measured account has no meter');
  return {
    api,
    accountId,
    reader,
    admin,
    meter: { gatewayId: gateway.GatewayId, deviceId: device.DeviceId },
  };
}

function requestOf(read: ScaleRead, { accountId, reader, admin, meter }: Session): HttpRequest {
  switch (read) {
    case 'tree':
      return { method: 'GET', path: `/api/gateway/loadlistsimple/${accountId}`, token: reader };
    case 'routeStatus':
      return { method: 'GET', path: `/api/gateway/readingstatus/${accountId}`, token: reader };
    case 'history':
      return {
        method: 'POST',
        path: `/api/gateway/loaddeviceitemhistorylist/${accountId}`,
        token: reader,
        body: meter,
      };
    case 'periodStatus':
      return { method: 'GET', path: `/api/admin/periodstatus/${accountId}`, token: admin };
    case 'export':
      return {
        method: 'GET',
        path: `/api/admin/export/${accountId}?format=csv`,
        token: admin,
        timeoutMs: 60_000,
      };
  }
}

/**
 * A commit by another connection, as any write would be: the server's read cache (ADR 010, 022)
 * drops the tree and the signed-in user, so the next tree read runs its queries.
 */
async function invalidateReadCache(api: ApiUnderTest): Promise<void> {
  await withDatabase(api, async (db) => {
    if (api.kind === 'postgres') await sql`select nextval('maaler_data_version')`.execute(db);
    else
      await db
        .updateTable('customers')
        .set((eb) => ({ name: eb.ref('name') }))
        .execute();
  });
}

/** Measured runs of each write load per tenant, alternating; the best of each is kept. */
const WRITE_ROUNDS = 2;

/**
 * Single readings and batches of 100 into 2,000 new points of each measured account: after a warm-up
 * on each, the tenants take turns, and each keeps its best run (a burst of other work lowers a run,
 * nothing raises one). Then the export under load and the peak memory of each server.
 */
async function writeLoads(
  sessions: readonly [Session, Session],
  options: ScaleOptions,
  labels: [string, string],
) {
  const { log, seconds, warmSeconds } = options;
  const targets = await Promise.all(
    sessions.map(async (session) => ({
      session,
      keys: { next: 0 },
      target: {
        url: `${session.api.server.baseUrl}/api/gateway/manualregisterdeviceitemdata/${session.accountId}`,
        headers: jsonHeaders(session.reader),
        points: await withDatabase(session.api, (db) => addBenchPoints(db, session.accountId, 20, 100)),
      } satisfies WriteTarget,
    })),
  );
  const best = async (perRequest: number) => {
    const runs: WriteRun[][] = [[], []];
    for (const [side, { session, target, keys }] of targets.entries()) {
      log(`  ${labels[side]}: warm-up`);
      await writeRun(session.api, target, keys, { seconds: warmSeconds, perRequest }, log);
    }
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const { session, target, keys } = targets[side] as (typeof targets)[number];
        log(`  ${labels[side]}:`);
        runs[side]?.push(await writeRun(session.api, target, keys, { seconds, perRequest }, log));
      }
    }
    return runs.map((list) => list.reduce((a, b) => (b.readingsPerSecond > a.readingsPerSecond ? b : a)));
  };
  const singles = await best(1);
  const batches = await best(BATCH_SIZE);
  const rest: WriteFigures[] = [];
  for (const [side, { session }] of targets.entries()) {
    const { api } = session;
    const exportLoad = await measured(`${labels[side]} export under load`, log, () =>
      runLoad({
        url: `${api.server.baseUrl}/api/admin/export/${session.accountId}?format=csv`,
        method: 'GET',
        headers: jsonHeaders(session.admin),
        connections: CONNECTIONS,
        durationSeconds: seconds,
      }),
    );
    const peakRssMb = peakRss(api.server.pid);
    log(`  ${labels[side]}: peak RSS ${peakRssMb} MB`);
    rest.push({ single: singles[side] as WriteRun, batch: batches[side] as WriteRun, exportLoad, peakRssMb });
  }
  return rest as [WriteFigures, WriteFigures];
}

/** The process's peak resident set (VmHWM) in MB. */
function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round((kB / 1024) * 10) / 10;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value * 10) / 10;
}
