import type { ApiFigures } from './api-scenarios.ts';
import type { FirstLoad } from './first-load.ts';
import type { ImportFigures } from './import-scenario.ts';
import type { InvitationFigures } from './invitation-scenario.ts';
import type { LighthouseFigures } from './lighthouse-runner.ts';
import type { Machine } from './machine.ts';
import type { PostgresAnchor } from './postgres-anchors.ts';
import type { RouteStepResults } from './route-step-scenario.ts';
import type { ScaleFigures } from './scale-run.ts';
import { SCALE_READ_NAMES, SCALE_READS } from './scale-scenarios.ts';
import type { SqliteAnchor } from './sqlite-anchors.ts';

/** Everything one `npm run bench` measured; bench/results/latest.json holds it. */
export type BenchResults = {
  date: string;
  machine: Machine;
  settings: { seconds: number; warmSeconds: number; connections: number; lighthouseRuns: number };
  anchors?: {
    sqliteSingle?: SqliteAnchor;
    sqliteBatch?: SqliteAnchor;
    postgresSingle?: PostgresAnchor;
    postgresBatch?: PostgresAnchor;
  };
  api?: { sqlite?: ApiFigures; postgres?: ApiFigures };
  import?: { sqlite?: ImportFigures; postgres?: ImportFigures };
  /** Self-reading invitations queued and sent, and the tree read meanwhile (issue 35, ADR 044). */
  invitations?: { sqlite?: InvitationFigures };
  bundle?: FirstLoad;
  lighthouse?: { login: LighthouseFigures; home: LighthouseFigures; homeBusyCore?: LighthouseFigures };
  /** Lighthouse on the page where React renders one heading, beside /home (bench/lib/react-floor.ts). */
  lighthouseAnchor?: { quiet: LighthouseFigures; busyCore: LighthouseFigures };
  routeStep?: RouteStepResults;
  /** `--scale`: the calls at 10k and at 10M readings (issue 20 §2). */
  scale?: { sqlite?: ScaleFigures; postgres?: ScaleFigures };
  goals: Goal[];
};

export type Goal = {
  name: string;
  figure: string;
  target: string;
  met: boolean;
};

export const pct = (ratio: number) => `${Math.round(ratio * 1000) / 10} %`;
export const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** Each goal of docs/performance.md against this run's figures. */
export function evaluateGoals(results: Omit<BenchResults, 'goals'>): Goal[] {
  const goals: Goal[] = [];
  const ratioGoal = (name: string, value: number, base: number, target: number, basis: string) =>
    goals.push({
      name,
      figure: `${pct(value / base)} (${int(value)} vs ${int(base)} ${basis})`,
      target: `≥ ${pct(target)}`,
      met: value / base >= target,
    });
  for (const figures of [results.import?.sqlite, results.import?.postgres]) {
    if (!figures) continue;
    const db = figures.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    for (const [step, ms] of [
      ['dry run', figures.dryRunMs],
      ['import', figures.applyMs],
    ] as const) {
      goals.push({
        name: `${db}: ${step} of ${int(figures.readingRows)} reading rows`,
        figure: `${(ms / 1000).toFixed(1)} s`,
        target: '< 30 s',
        met: ms < 30_000,
      });
    }
    const { xlsx } = figures;
    goals.push(
      {
        name: `${db}: dry run of ${int(xlsx.rows)} rows as .xlsx (median, under read load)`,
        figure: `${(xlsx.dryRunMs / 1000).toFixed(1)} s`,
        target: '≤ 5 s',
        met: xlsx.dryRunMs <= 5000,
      },
      {
        name: `${db}: tree read p99 (10 connections) during .xlsx dry runs`,
        figure: `${(xlsx.treeReadP99DuringDryRun / xlsx.treeReadP99Quiet).toFixed(2)}× (${xlsx.treeReadP99DuringDryRun} vs ${xlsx.treeReadP99Quiet} ms quiet)`,
        target: '≤ 2×',
        met: xlsx.treeReadP99DuringDryRun <= 2 * xlsx.treeReadP99Quiet,
      },
    );
    goals.push({
      name: `${db}: changes on re-import; bad file stored`,
      figure: `${figures.reimportChanges}; ${figures.badFileApplied ? 'yes' : 'no'}`,
      target: '0; no',
      met: figures.reimportChanges === 0 && !figures.badFileApplied,
    });
  }
  if (results.routeStep) {
    const { throttle } = results.routeStep;
    for (const [when, figures] of [
      ['online', results.routeStep.online],
      ['20 waiting offline', results.routeStep.offline],
    ] as const) {
      goals.push({
        name: `Route step: SEND to next meter ready (CPU ${throttle}× slower, ${when})`,
        figure: `p75 ${figures.p75} ms, p95 ${figures.p95} ms`,
        target: 'p75 ≤ 300 ms, p95 ≤ 600 ms',
        met: figures.p75 <= 300 && figures.p95 <= 600,
      });
    }
  }
  for (const api of [results.api?.sqlite, results.api?.postgres]) {
    if (!api) continue;
    const db = api.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    // PostgreSQL answers a cached read only after one round trip for the data version (ADR 022).
    ratioGoal(
      `${db}: tree read vs bare GET`,
      api.read.requestsPerSecond,
      api.bareRead.requestsPerSecond,
      api.kind === 'sqlite' ? 0.6 : 0.4,
      'req/s',
    );
    ratioGoal(
      `${db}: single durable reading vs bare POST`,
      api.singleWrite.requestsPerSecond,
      api.bareWrite.requestsPerSecond,
      0.25,
      'req/s',
    );
    const { sqliteSingle, sqliteBatch, postgresSingle, postgresBatch } = results.anchors ?? {};
    if (api.kind === 'sqlite' && sqliteSingle && sqliteBatch) {
      ratioGoal(
        `${db}: single durable reading vs raw FULL commits`,
        api.singleWrite.requestsPerSecond,
        sqliteSingle.commitsPerSecond,
        0.6,
        '/s',
      );
      ratioGoal(
        `${db}: batched readings vs raw 100-row FULL transactions`,
        api.batchWrite.readingsPerSecond,
        sqliteBatch.rowsPerSecond,
        0.3,
        'rows/s',
      );
    }
    if (api.kind === 'postgres' && postgresSingle && postgresBatch) {
      ratioGoal(
        `${db}: single durable reading vs raw pg 1-row commits`,
        api.singleWrite.requestsPerSecond,
        postgresSingle.commitsPerSecond,
        0.5,
        '/s',
      );
      for (const [when, batches] of [
        ['', api.batchWrite],
        [' after growth', api.afterGrowth?.batchWrite],
      ] as const) {
        if (!batches) continue;
        ratioGoal(
          `${db}: batched readings${when} vs raw pg 100-row transactions`,
          batches.readingsPerSecond,
          postgresBatch.rowsPerSecond,
          0.4,
          'rows/s',
        );
        goals.push({
          name: `${db}: batch p99${when}`,
          figure: `${batches.latencyP99} ms`,
          target: '≤ 200 ms',
          met: batches.latencyP99 <= 200,
        });
      }
    }
    goals.push({
      name: `${db}: batched readings stored per second`,
      figure: int(api.batchWrite.readingsPerSecond),
      target: '≥ 50,000',
      met: api.batchWrite.readingsPerSecond >= 50_000,
    });
    goals.push({
      name: `${db}: tree read p99 at half load (${int(api.readAtHalfLoad.rate)}/s)`,
      figure: `${api.readAtHalfLoad.latencyP99} ms`,
      target: '< 20 ms',
      met: api.readAtHalfLoad.latencyP99 < 20,
    });
    goals.push({
      name: `${db}: single reading p99 at half load (${int(api.singleWriteAtHalfLoad.rate)}/s)`,
      figure: `${api.singleWriteAtHalfLoad.latencyP99} ms`,
      target: '< 50 ms',
      met: api.singleWriteAtHalfLoad.latencyP99 < 50,
    });
  }
  const invitations = results.invitations?.sqlite;
  if (invitations) {
    goals.push({
      name: `SQLite: tree read p99 while ${int(invitations.meters)} invitations are sent (${int(invitations.queuedPerSecond)}/s queued, ${int(invitations.sentPerSecond)}/s sent)`,
      figure: `${invitations.treeReadP99DuringSend} ms (${invitations.treeReadP99Quiet} ms without)`,
      target: '< 20 ms',
      met: invitations.treeReadP99DuringSend < 20,
    });
  }
  for (const scale of [results.scale?.sqlite, results.scale?.postgres]) {
    if (scale) goals.push(...scaleGoals(scale));
  }
  if (results.bundle) {
    // Issue 20 §3: the shell plus the route's chunks.
    for (const [route, goalKb] of [
      ['/login', 100],
      ['/home', 120],
    ] as const) {
      const gzip = results.bundle.routes[route].js.gzip / 1000;
      goals.push({
        name: `First-load JS of ${route}, gzipped`,
        figure: `${Math.round(gzip * 10) / 10} kB`,
        target: `≤ ${goalKb} kB`,
        met: gzip <= goalKb,
      });
    }
  }
  if (results.lighthouse) {
    for (const [route, figures] of Object.entries(results.lighthouse)) {
      const page = lighthousePageName(route);
      goals.push({
        name: `Lighthouse mobile performance, ${page}`,
        figure: String(figures.performance),
        target: '≥ 95',
        met: figures.performance >= 95,
      });
      if (route !== 'login')
        goals.push({
          name: `Lighthouse total blocking time, ${page}`,
          figure: `${figures.tbt} ms`,
          target: '≤ 150 ms',
          met: figures.tbt <= 150,
        });
    }
  }
  return goals;
}

/** At most this much slower at 10M than at 10k, and at most this much memory (issue 20 §2). */
export const SCALE_RATIO_GOAL = 1.25;
export const SCALE_RSS_GOAL_MB = 300;

const times = (ratio: number) => `${(Math.round(ratio * 100) / 100).toFixed(2)}×`;

function scaleGoals(scale: ScaleFigures): Goal[] {
  const db = scale.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const versus = `${scale.shapes.large.label} vs ${scale.shapes.small.label}`;
  const goals: Goal[] = SCALE_READS.map((read) => {
    const small = scale.small.reads[read].medianMs;
    const large = scale.large.reads[read].medianMs;
    return {
      name: `${db}: ${SCALE_READ_NAMES[read]}, ${versus}`,
      figure: `${times(large / small)} (${large} vs ${small} ms)`,
      target: `≤ ${times(SCALE_RATIO_GOAL)}`,
      met: large / small <= SCALE_RATIO_GOAL,
    };
  });
  for (const [what, small, large] of [
    ['single readings', scale.small.single, scale.large.single],
    ['batches of 100', scale.small.batch, scale.large.batch],
  ] as const) {
    const slower = small.readingsPerSecond / large.readingsPerSecond;
    goals.push({
      name: `${db}: ingest, ${what}, ${versus}`,
      figure: `${times(slower)} (${int(large.readingsPerSecond)} vs ${int(small.readingsPerSecond)} readings/s)`,
      target: `≤ ${times(SCALE_RATIO_GOAL)}`,
      met: slower <= SCALE_RATIO_GOAL,
    });
  }
  goals.push({
    name: `${db}: server peak RSS at ${scale.shapes.large.label}, under load`,
    figure: `${scale.large.peakRssMb} MB (${scale.shapes.small.label}: ${scale.small.peakRssMb} MB)`,
    target: `≤ ${SCALE_RSS_GOAL_MB} MB`,
    met: scale.large.peakRssMb <= SCALE_RSS_GOAL_MB,
  });
  return goals;
}

/** How the report names each Lighthouse run of `BenchResults.lighthouse`. */
export function lighthousePageName(route: string): string {
  if (route === 'login') return '/login';
  return route === 'home' ? '/home signed in' : '/home signed in, one core busy';
}
