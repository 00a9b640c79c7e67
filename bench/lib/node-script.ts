import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A TypeScript file of the bench run as its own Node process (through tsx). */
function spawnScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collectStderr(child: ChildProcess): () => string {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-20_000);
  });
  return () => text;
}

/** Runs the script to its end and returns the JSON of the last line it printed. */
export async function runScriptForJson<T>(script: string, args: readonly string[]): Promise<T> {
  const child = spawnScript(script, args);
  const stderr = collectStderr(child);
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const last = stdout.trim().split('\n').at(-1);
  if (code !== 0 || !last) throw new Error(`${script} exited with ${code}: ${stderr()}`);
  return JSON.parse(last) as T;
}

export type RunningScript<T> = { first: T; stop(): Promise<void> };

/** Starts a long-running script and resolves with the JSON of the first line it prints. */
export async function startScript<T>(
  script: string,
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
): Promise<RunningScript<T>> {
  const child = spawnScript(script, args, env);
  const stderr = collectStderr(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${stderr()}`)));
    const lines = createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> });
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
  });
  return {
    first,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
