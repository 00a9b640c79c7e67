import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@maaler/test-support/free-port';

const SERVER = fileURLToPath(new URL('../../../api/dist/server.js', import.meta.url));

export type OwnServer = { baseUrl: string; stop(): Promise<void> };

/**
 * The built server (`npm run build` first) on a demo database of its own, with settings the shared
 * test server does not have (e.g. SMTP_URL); stopped again by the test that started it.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'maaler-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
