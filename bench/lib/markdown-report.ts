import type { ApiFigures } from './api-scenarios.ts';
import { FIRST_LOAD_ROUTES, kB, type MeasuredRoute } from './first-load.ts';
import type { LoadResult } from './load-spec.ts';
import { table } from './markdown-table.ts';
import { type BenchResults, int, lighthousePageName, pct } from './results.ts';
import { scaleSection } from './scale-report.ts';
import type { WriteRun } from './write-run.ts';

function loadRow(name: string, run: LoadResult, extra = '') {
  const errors = run.non2xx + run.errors + run.timeouts;
  return [
    name,
    int(run.requestsPerSecond),
    `${run.latencyP50}`,
    `${run.latencyP99}`,
    `${extra}${errors ? ` (${errors} failed)` : ''}`,
  ];
}

function writeRow(name: string, run: WriteRun) {
  return loadRow(
    name,
    run,
    `${int(run.readingsPerSecond)} readings/s; ${int(run.stored)}/${int(run.acknowledged)} acknowledged readings found`,
  );
}

function apiSection(api: ApiFigures): string {
  const db = api.kind === 'sqlite' ? 'SQLite (WAL, synchronous=FULL)' : 'PostgreSQL';
  return [
    `### API on ${db}`,
    '',
    `Tree response ${int(api.readBodyBytes)} bytes; autocannon, 10 connections, separate process.`,
    '',
    table(
      ['path', 'req/s', 'p50 ms', 'p99 ms', 'notes'],
      [
        loadRow('bare Fastify GET, same JSON', api.bareRead, 'the pair with the median ratio'),
        loadRow(
          'GET /api/gateway/loadlistsimple/{accountId}',
          api.read,
          `ratios of the ${api.readRatios.length} pairs: ${api.readRatios.map(pct).join(', ')}`,
        ),
        loadRow('bare Fastify POST (parses a reading)', api.bareWrite),
        writeRow('POST manualregisterdeviceitemdata, 1 reading', api.singleWrite),
        writeRow('POST manualregisterdeviceitemdata, 100 readings', api.batchWrite),
        loadRow(`GET tree at half load (${int(api.readAtHalfLoad.rate)}/s)`, api.readAtHalfLoad),
        writeRow(
          `POST 1 reading at half load (${int(api.singleWriteAtHalfLoad.rate)}/s)`,
          api.singleWriteAtHalfLoad,
        ),
        ...(api.afterGrowth
          ? [
              writeRow(
                `POST 100 readings after ${int(api.afterGrowth.rowsAdded)} more rows`,
                api.afterGrowth.batchWrite,
              ),
            ]
          : []),
      ],
    ),
  ].join('\n');
}

/** bench/results/latest.md: the goals first, then every figure. */
export function markdownReport(results: BenchResults): string {
  const m = results.machine;
  const parts = [
    '# Benchmark results',
    '',
    `${results.date}, commit ${m.commit}. ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}. ` +
      `1-minute load at the start ${m.loadAtStart} (${m.quiet ? 'quiet' : `NOT quiet after waiting ${m.waitedSeconds} s: figures are low`}). ` +
      `Each load ran ${results.settings.seconds} s after a ${results.settings.warmSeconds} s warm-up. Produced by \`npm run bench\`; see docs/performance.md.`,
    '',
    '## Goals',
    '',
    table(
      ['goal', 'figure', 'target', 'met'],
      results.goals.map((g) => [g.name, g.figure, g.target, g.met ? 'yes' : '**no**']),
    ),
  ];
  const { sqliteSingle, sqliteBatch, postgresSingle, postgresBatch } = results.anchors ?? {};
  if (sqliteSingle && sqliteBatch) {
    parts.push(
      '',
      '## Raw better-sqlite3 anchors (WAL, synchronous=FULL, readings table shape)',
      '',
      table(
        ['transaction', 'commits/s', 'rows/s'],
        [
          ['1 row', int(sqliteSingle.commitsPerSecond), int(sqliteSingle.rowsPerSecond)],
          ['100 rows', int(sqliteBatch.commitsPerSecond), int(sqliteBatch.rowsPerSecond)],
        ],
      ),
    );
  }
  if (postgresSingle && postgresBatch) {
    parts.push(
      '',
      `## Raw pg anchors (${postgresSingle.clients} clients, one prepared INSERT per transaction, synchronous_commit on, readings table shape)`,
      '',
      table(
        ['transaction', 'commits/s', 'rows/s', 'p99 ms'],
        [
          [
            '1 row',
            int(postgresSingle.commitsPerSecond),
            int(postgresSingle.rowsPerSecond),
            String(postgresSingle.latencyP99),
          ],
          [
            '100 rows',
            int(postgresBatch.commitsPerSecond),
            int(postgresBatch.rowsPerSecond),
            String(postgresBatch.latencyP99),
          ],
        ],
      ),
    );
  }
  for (const api of [results.api?.sqlite, results.api?.postgres]) if (api) parts.push('', apiSection(api));
  for (const scale of [results.scale?.sqlite, results.scale?.postgres])
    if (scale) parts.push('', scaleSection(scale));
  if (results.bundle) {
    const b = results.bundle;
    const row = (name: string, t: { bytes: number; gzip: number; brotli: number }) => [
      name,
      `${kB(t.bytes)}`,
      `${kB(t.gzip)}`,
      `${kB(t.brotli)}`,
    ];
    parts.push(
      '',
      '## First load of the built app (kB = 1000 bytes)',
      '',
      table(
        ['what', 'raw kB', 'gzip kB', 'brotli kB'],
        [
          row('shell JS (index.html script + modulepreloads)', b.shell.js),
          row('shell CSS', b.shell.css),
          ...(Object.keys(FIRST_LOAD_ROUTES) as MeasuredRoute[]).flatMap((route) => [
            row(`${route} JS (shell + route chunks)`, b.routes[route].js),
            row(`${route} CSS`, b.routes[route].css),
          ]),
        ],
      ),
    );
  }
  if (results.lighthouse) {
    parts.push(
      '',
      `## Lighthouse 12.8, mobile preset, simulated throttling (median of ${results.settings.lighthouseRuns} runs)`,
      '',
      table(
        [
          'page',
          'performance',
          'FCP ms',
          'LCP ms',
          'TBT ms',
          'CLS',
          'Speed Index ms',
          'accessibility',
          'best practices',
        ],
        [
          ...Object.entries(results.lighthouse).map(([route, f]) => [lighthousePageName(route), f] as const),
          ...(results.lighthouseAnchor
            ? ([
                ['anchor: React renders one heading', results.lighthouseAnchor.quiet],
                ['anchor: React renders one heading, one core busy', results.lighthouseAnchor.busyCore],
              ] as const)
            : []),
        ].map(([page, f]) => [
          page,
          String(f.performance),
          int(f.fcp),
          int(f.lcp),
          int(f.tbt),
          String(f.cls),
          int(f.speedIndex),
          String(f.accessibility),
          String(f.bestPractices),
        ]),
      ),
    );
  }
  return `${parts.join('\n')}\n`;
}
