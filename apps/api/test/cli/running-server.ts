import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

export const apiRoot = resolve(import.meta.dirname, '../..');
const tsx = resolve(apiRoot, '../../node_modules/.bin/tsx');

/** The environment of a server or CLI process on its own SQLite data folder, without any demo data. */
export function sqliteEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    WEB_DIST: join(dataDir, 'no-web'),
    RATE_LIMIT_PER_MINUTE: '1000000',
    NODE_ENV: 'test',
    ...extra,
  };
}

export type RunningServer = { baseUrl: string; stop(): Promise<number | null> };

/** `tsx src/server.ts` as its own process; resolves once it logs that it listens. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const child = spawn(tsx, ['src/server.ts'], { cwd: apiRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));

  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start: ${stderr.join('')}`)), 60_000);
    child.once('exit', (code) => fail(new Error(`server exited with ${code}: ${stderr.join('')}`)));
    createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> }).on('line', (line) => {
      const match = /"msg":"ready"/.test(line) ? /"url":"http:\/\/[^:]+:(\d+)"/.exec(line) : null;
      if (match?.[1]) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

export type CliRun = { code: number; stdout: string; stderr: string };

/** `tsx src/cli.ts ...` as `npm run cli` runs it. */
export async function runCliProcess(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['src/cli.ts', ...args], { cwd: apiRoot, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
