import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { BenchStore } from './bench-store.ts';
import { freePort } from './free-port.ts';
import { httpRequest } from './http-client.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = join(REPO_ROOT, 'apps/api/src/server.ts');
/** What `npm run build` bundles and `npm run serve` runs. */
const COMPILED_ENTRY = join(REPO_ROOT, 'apps/api/dist/server.js');
/** Migrating and seeding an empty PostgreSQL database took up to half a minute on a loaded 2-core machine. */
const READY_TIMEOUT_MS = 50_000;
const MAX_OUTPUT_CHARS = 64_000;

/** `compiled`: the bundle production runs (build it first), so the memory measured is production's; else TypeScript through tsx. */
export type ServerOptions = { compiled?: boolean };

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

/** The real API server as a child process of the bench. */
export type ServerProcess = {
  baseUrl: string;
  pid: number;
  exited: Promise<ExitStatus>;
  signal(signal: NodeJS.Signals): void;
};

/**
 * Starts the server on a free loopback port with the store's data (demo-seeded when empty, unless
 * `env` says otherwise) and waits until /api/health/ready answers 200; fails with the process's
 * output if it exits or does not get ready.
 */
export async function startServer(
  store: Pick<BenchStore, 'dataDir' | 'databaseUrl'>,
  env: Record<string, string>,
  options: ServerOptions = {},
): Promise<ServerProcess> {
  // Another process may take the free port between the probe and the server's listen: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(await freePort(), store, env, options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnPort(
  port: number,
  store: Pick<BenchStore, 'dataDir' | 'databaseUrl'>,
  env: Record<string, string>,
  options: ServerOptions,
): Promise<ServerProcess> {
  const args = options.compiled
    ? ['--enable-source-maps', COMPILED_ENTRY]
    : ['--import', 'tsx', SERVER_ENTRY];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let running = true;
  const exited = new Promise<ExitStatus>((done) => {
    child.once('exit', (code, signal) => {
      running = false;
      done({ code, signal });
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    baseUrl,
    pid: child.pid ?? -1,
    exited,
    signal: (signal) => {
      if (running) child.kill(signal);
    },
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const answer = await httpRequest(baseUrl, { method: 'GET', path: '/api/health/ready' }).catch(() => null);
    if (answer?.status === 200) return server;
    if (!running || Date.now() > deadline) {
      server.signal('SIGKILL');
      await exited;
      throw new Error(`server on ${baseUrl} did not become ready; its output:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 25));
  }
}
