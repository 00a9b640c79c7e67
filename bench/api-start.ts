import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpRequest } from '@maaler/test-support/http-client';

/**
 * `node --import tsx bench/api-start.ts` (after `npm run build --workspace @maaler/api`): how long the
 * API takes from `node` to answering /api/health/ready, and its resident memory then, started from
 * TypeScript through tsx (development) and from the bundle in apps/api/dist (production). Each way
 * alternately, 7 times, on one data folder already migrated and seeded; medians printed.
 */
const RUNS = 7;
const PORT = 18_391;
const repoRoot = new URL('..', import.meta.url).pathname;
const WAYS = {
  tsx: ['--import', 'tsx', 'apps/api/src/server.ts'],
  compiled: ['--enable-source-maps', 'apps/api/dist/server.js'],
} as const;
type Way = keyof typeof WAYS;

const dataDir = mkdtempSync(join(tmpdir(), 'maaler-start-'));

/** Kilobytes of resident memory of a process, from /proc. */
function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('VmRSS:'));
  return Number(line?.replace(/\D/g, '') ?? 0);
}

async function startOnce(way: Way): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...WAYS[way], '--demo'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      const answer = await httpRequest(`http://127.0.0.1:${PORT}`, {
        method: 'GET',
        path: '/api/health/ready',
      }).catch(() => null);
      if (answer?.status === 200) break;
      if (child.exitCode !== null) throw new Error(`${way}: the server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { ms: performance.now() - started, rssMb: rssKb(child.pid ?? 0) / 1024 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  await startOnce('compiled'); // migrates and seeds the data folder, so every measured start finds it ready
  const figures: Record<Way, { ms: number[]; rssMb: number[] }> = {
    tsx: { ms: [], rssMb: [] },
    compiled: { ms: [], rssMb: [] },
  };
  for (let run = 0; run < RUNS; run++) {
    for (const way of Object.keys(WAYS) as Way[]) {
      const { ms, rssMb } = await startOnce(way);
      figures[way].ms.push(ms);
      figures[way].rssMb.push(rssMb);
    }
  }
  console.log('| start | to ready (median ms) | RSS when ready (median MB) |');
  console.log('| --- | --- | --- |');
  for (const way of Object.keys(WAYS) as Way[]) {
    console.log(
      `| ${way} | ${median(figures[way].ms).toFixed(0)} | ${median(figures[way].rssMb).toFixed(1)} |`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
