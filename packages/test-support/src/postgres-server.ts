import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const SCRIPT = resolve(import.meta.dirname, '../../../scripts/postgres-server.sh');
const run = promisify(execFile);

/** `dataDir` is the cluster's folder (its `postmaster.pid` names the server's process). */
export type PostgresServer = { url: string; dataDir: string; stop(): Promise<void> };

/**
 * A PostgreSQL server on a free loopback port (scripts/postgres-server.sh): throwaway, or on the data
 * folder `keptDir` (created when missing), which is kept when it stops.
 */
export async function startPostgresServer(keptDir?: string): Promise<PostgresServer> {
  const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'maaler-bench-pg-'));
  const { stdout } = await run('bash', [SCRIPT, 'start', dir, String(await freePort())]);
  return {
    url: stdout.trim(),
    dataDir: join(dir, 'data'),
    async stop() {
      await run('bash', [SCRIPT, 'stop', dir]);
      if (!keptDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
