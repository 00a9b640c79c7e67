import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const apiRoot = resolve(import.meta.dirname, '../..');
const tsx = resolve(apiRoot, '../../node_modules/.bin/tsx');

/** The environment of a CLI process on its own SQLite data folder. */
export function cliEnv(dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'test' };
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
