import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../../api/src/cli.ts', import.meta.url));

/**
 * Runs the operator's CLI (`npm run cli -- …`) on the browser tests' database while the server runs,
 * as an operator would; returns what it printed. The server sees the change at its next read.
 */
export function runCli(...args: string[]): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return execFileSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/** The id a CLI line names: `(id 12)` or `(uuid)`. */
export function createdId(output: string): string {
  const id = /\((?:id )?([\w-]+)\)/.exec(output)?.[1];
  if (!id) throw new Error(`No id in CLI output: ${output}`);
  return id;
}
