import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.ts';
import { type HttpAnswer, type HttpRequest, httpRequest } from './http-client.ts';
import type { StoreLocation } from './server-store.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const SERVER_ENTRY = join(REPO_ROOT, 'apps/api/src/server.ts');
/** What `npm run build` bundles and `npm run serve` runs. */
const COMPILED_ENTRY = join(REPO_ROOT, 'apps/api/dist/server.js');

/** `compiled`: the bundle production runs (build it first), e.g. for its memory; else the TypeScript through tsx. */
export type ServerOptions = {
  compiled?: boolean;
  /** With `compiled`: a bundle's server.js built elsewhere than dist (`build-server.mjs <folder>`). */
  bundle?: string;
};
const MAX_OUTPUT_CHARS = 256_000;

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

/** The real API server as a child process: `node --import tsx apps/api/src/server.ts`. */
export type ServerProcess = {
  baseUrl: string;
  pid: number;
  /** What the process wrote to stdout and stderr (the last 256 kB). */
  output(): string;
  exited: Promise<ExitStatus>;
  isRunning(): boolean;
  signal(signal: NodeJS.Signals): void;
  request(options: HttpRequest): Promise<HttpAnswer>;
};

const started = new Set<ChildProcess>();

/**
 * How long a started server may take to answer ready: two servers migrating and seeding one empty
 * PostgreSQL database at once took 29 s on a loaded 2-core machine (within vitest's 60 s hooks).
 */
const READY_TIMEOUT_MS = 50_000;

/**
 * Starts the server on a free loopback port with the store's data (demo-seeded when empty, unless
 * `env` says otherwise) and waits until /api/health/ready answers 200. Fails with the process's
 * output if it exits or does not get ready. `env` comes on top of the process's own environment.
 */
export async function startServer(
  store: StoreLocation,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<ServerProcess> {
  // Another test file or process may take the free port between the probe and the server's listen: try again.
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
  store: StoreLocation,
  env: Record<string, string>,
  options: ServerOptions,
): Promise<ServerProcess> {
  const args = options.compiled
    ? ['--enable-source-maps', options.bundle ?? COMPILED_ENTRY]
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
  started.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let running = true;
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      started.delete(child);
      resolve({ code, signal });
    });
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    baseUrl,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    isRunning: () => running,
    signal: (signal) => {
      if (running) child.kill(signal);
    },
    request: (options) => httpRequest(baseUrl, options),
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const answer = await server.request({ method: 'GET', path: '/api/health/ready' }).catch(() => null);
    if (answer?.status === 200) return server;
    if (!running || Date.now() > deadline) {
      server.signal('SIGKILL');
      await exited;
      const why = running ? `not ready after ${READY_TIMEOUT_MS} ms` : 'exited';
      throw new Error(`server ${baseUrl} did not become ready (${why}); its output:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 25));
  }
}

/** Kills every server process a test started and left running (afterAll of each server test file). */
export async function killStartedServers(): Promise<void> {
  const waits = [...started].map(
    (child) =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  );
  await Promise.all(waits);
}
