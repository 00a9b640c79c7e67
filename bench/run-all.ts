import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startPostgresServer } from '@maaler/test-support/postgres-server';
import { measureApi } from './lib/api-scenarios.ts';
import { startApiUnderTest } from './lib/api-under-test.ts';
import { measureFirstLoad } from './lib/first-load.ts';
import { measureImport } from './lib/import-scenario.ts';
import { measureInvitations } from './lib/invitation-scenario.ts';
import { measureLighthouse } from './lib/lighthouse-runner.ts';
import { waitForQuietMachine } from './lib/machine.ts';
import { markdownReport } from './lib/markdown-report.ts';
import { measurePostgresInserts } from './lib/postgres-anchors.ts';
import { buildReactFloor } from './lib/react-floor.ts';
import { type BenchResults, evaluateGoals } from './lib/results.ts';
import { measureRouteStep } from './lib/route-step-scenario.ts';
import { runScale } from './lib/scale-run.ts';
import { scaleShapes, scaleUntil } from './lib/scale-tenants.ts';
import { measureSqliteInserts } from './lib/sqlite-anchors.ts';

/**
 * `npm run bench` (builds the app first): every benchmark of docs/performance.md, then
 * bench/results/latest.md and latest.json. Options: --seconds (per load, 10), --warm (3),
 * --lighthouse-runs (3), --lighthouse-reports DIR (keeps the full reports), --wait-minutes for a quiet machine (20; 0 measures at once),
 * --skip api,sqlite,postgres,import,invitations,bundle,lighthouse,route-step,anchors (sqlite: the API and anchors on SQLite,
 * so `--skip sqlite,import,bundle,lighthouse` measures PostgreSQL alone).
 * --scale adds the calls at 10k and 10M readings on each database not skipped (docs/performance.md,
 * "Cost as data grows"): --scale-cache DIR keeps the generated tenants (a tmp folder by default),
 * --scale-samples N requests per call and tenant (25), --scale-readings N a smaller large tenant
 * (same cadence, fewer years), --skip backup leaves out the large tenant's backup.
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warm: { type: 'string', default: '3' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'lighthouse-reports': { type: 'string' },
    'wait-minutes': { type: 'string', default: '20' },
    skip: { type: 'string', default: '' },
    out: { type: 'string', default: resolve(import.meta.dirname, 'results') },
    scale: { type: 'boolean', default: false },
    'scale-cache': { type: 'string', default: join(tmpdir(), 'maaler-scale-cache') },
    'scale-samples': { type: 'string', default: '25' },
    'scale-readings': { type: 'string', default: '10000000' },
  },
});
const skip = new Set(values.skip.split(',').filter(Boolean));
const seconds = Number(values.seconds);
const warmSeconds = Number(values.warm);
const lighthouseRuns = Number(values['lighthouse-runs']);
const dist = resolve(import.meta.dirname, '../apps/web/dist');
const log = (line: string) => console.log(line);

const machine = await waitForQuietMachine(Number(values['wait-minutes']) * 60, 30, log);
log(`measuring: load ${machine.loadAtStart}${machine.quiet ? '' : ' (not quiet)'}`);
const results: Omit<BenchResults, 'goals'> = {
  date: new Date().toISOString(),
  machine,
  settings: { seconds, warmSeconds, connections: 10, lighthouseRuns },
};

if (!skip.has('bundle')) results.bundle = measureFirstLoad(dist);

if (!skip.has('anchors') && !skip.has('sqlite')) {
  log('raw better-sqlite3, WAL + synchronous=FULL');
  const sqliteSingle = measureSqliteInserts(1, seconds);
  const sqliteBatch = measureSqliteInserts(100, seconds);
  results.anchors = { sqliteSingle, sqliteBatch };
  log(`  1-row commits/s ${Math.round(sqliteSingle.commitsPerSecond)}`);
  log(`  100-row transactions: rows/s ${Math.round(sqliteBatch.rowsPerSecond)}`);
}

if (!skip.has('api')) {
  results.api = {};
  if (!skip.has('sqlite')) {
    log('API on SQLite');
    const sqliteApi = await startApiUnderTest('sqlite');
    try {
      results.api.sqlite = await measureApi(sqliteApi, { seconds, warmSeconds, log });
      if (!skip.has('import')) results.import = { sqlite: await measureImport(sqliteApi, log) };
    } finally {
      await sqliteApi.stop();
    }
  }
  if (!skip.has('postgres')) {
    const postgres = await startPostgresServer();
    try {
      if (!skip.has('anchors')) {
        log('raw pg, 10 clients, synchronous_commit on');
        const postgresSingle = await measurePostgresInserts(postgres.url, 1, seconds);
        const postgresBatch = await measurePostgresInserts(postgres.url, 100, seconds);
        results.anchors = { ...results.anchors, postgresSingle, postgresBatch };
        log(
          `  1-row commits/s ${Math.round(postgresSingle.commitsPerSecond)}, p99 ${postgresSingle.latencyP99} ms`,
        );
        log(
          `  100-row transactions: rows/s ${Math.round(postgresBatch.rowsPerSecond)}, p99 ${postgresBatch.latencyP99} ms`,
        );
      }
      log('API on PostgreSQL');
      const pgApi = await startApiUnderTest('postgres', { postgresUrl: postgres.url });
      try {
        results.api.postgres = await measureApi(pgApi, { seconds, warmSeconds, log });
        if (!skip.has('import'))
          results.import = { ...results.import, postgres: await measureImport(pgApi, log) };
      } finally {
        await pgApi.stop();
      }
    } finally {
      await postgres.stop();
    }
  }
}

if (!skip.has('invitations') && !skip.has('sqlite')) {
  log('Self-reading invitations on SQLite');
  results.invitations = { sqlite: await measureInvitations('sqlite', log) };
}

if (values.scale) {
  const cacheDir = values['scale-cache'];
  const shapes = scaleShapes(Number(values['scale-readings']));
  const until = scaleUntil(cacheDir, shapes.large);
  results.scale = {};
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (skip.has(kind)) continue;
    results.scale[kind] = await runScale(kind, {
      cacheDir,
      until,
      shapes,
      backup: !skip.has('backup'),
      seconds,
      warmSeconds,
      samples: Number(values['scale-samples']),
      log,
    });
  }
}

if (!skip.has('lighthouse')) {
  log('Lighthouse');
  const floorDist = await buildReactFloor();
  const server = await startApiUnderTest('sqlite', { env: { WEB_DIST: dist } });
  const floorServer = await startApiUnderTest('sqlite', { env: { WEB_DIST: floorDist } });
  try {
    const lighthouse = await measureLighthouse(server.server.baseUrl, {
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      runs: lighthouseRuns,
      log,
      reportDir: values['lighthouse-reports'],
      floorUrl: `${floorServer.server.baseUrl}/`,
    });
    results.lighthouse = lighthouse.pages;
    results.lighthouseAnchor = lighthouse.reactFloor;
  } finally {
    await server.stop();
    await floorServer.stop();
    rmSync(dirname(floorDist), { recursive: true, force: true });
  }
}

if (!skip.has('route-step')) {
  log('Route step: SEND to next meter ready (CPU 4× slower)');
  results.routeStep = await measureRouteStep(dist, { meters: 20, throttle: 4, log });
}

const final: BenchResults = { ...results, goals: evaluateGoals(results) };
mkdirSync(values.out, { recursive: true });
writeFileSync(resolve(values.out, 'latest.json'), `${JSON.stringify(final, null, 2)}\n`);
const markdown = markdownReport(final);
writeFileSync(resolve(values.out, 'latest.md'), markdown);
log(`\n${markdown}`);
