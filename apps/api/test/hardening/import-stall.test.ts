import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { IMPORT_MESSAGES } from '@maaler/contract';
import { httpRequest, loginOver } from '@maaler/test-support/http-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { DEMO_PASSWORD } from '../../src/startup/demo/demo-data.ts';
import { ACCOUNT_NAMES, accountIdOf } from '../helpers/demo-fixtures.ts';
import {
  csvOfEmptyLines,
  xlsxBomb,
  xlsxBombWithLyingSizes,
  xlsxOfManyEntries,
  xlsxOfOneCellRows,
} from '../helpers/hostile-import-files.ts';
import { killStartedServers, type ServerProcess, startServer } from '../helpers/server-process.ts';
import { createTestStore, onPostgres, type TestStore } from '../helpers/test-store.ts';

// Issue 32 item 1 (ADR 028): one import request froze the service for every tenant. While the largest
// refused files are sent to a real listening server, /api/health/live is polled; no poll may wait a
// second. Run against the TypeScript server and against a production bundle built here, so the
// worker is found both ways.

const MAX_WAIT_MS = 1000;
const POLL_PAUSE_MS = 25;

type HostileFile = { name: string; format: 'csv' | 'xlsx'; bytes: Buffer; message: string };

async function hostileFiles(): Promise<HostileFile[]> {
  return [
    {
      name: '200,000 one-cell rows (.xlsx)',
      format: 'xlsx',
      bytes: xlsxOfOneCellRows(200_000),
      message: IMPORT_MESSAGES.tooManyRows,
    },
    {
      name: '4 MB of empty lines (CSV)',
      format: 'csv',
      bytes: csvOfEmptyLines(),
      message: IMPORT_MESSAGES.noRows,
    },
    {
      name: 'zip bomb, 600 MB unpacked (.xlsx)',
      format: 'xlsx',
      bytes: await xlsxBomb(600),
      message: IMPORT_MESSAGES.unzippedTooLarge,
    },
    {
      name: 'zip bomb with lying sizes, 600 MB (.xlsx)',
      format: 'xlsx',
      bytes: await xlsxBombWithLyingSizes(600),
      message: IMPORT_MESSAGES.fileUnreadable('xlsx'),
    },
    {
      name: '20,000 zip entries (.xlsx)',
      format: 'xlsx',
      bytes: xlsxOfManyEntries(20_000),
      message: IMPORT_MESSAGES.tooManyZipEntries,
    },
  ];
}

/** Made once for both servers: the bombs take seconds to deflate on a loaded machine. */
let generated: Promise<HostileFile[]> | undefined;
const sharedFiles = () => {
  generated ??= hostileFiles();
  return generated;
};

/** Generating the files, building a bundle and starting a server took over a minute on a loaded machine. */
const SETUP_TIMEOUT_MS = 300_000;

/** Polls liveness until `work` settles; answers the work's result and the longest a poll waited. */
async function whilePolling<T>(server: ServerProcess, work: Promise<T>) {
  let settled = false;
  const finished = work.finally(() => {
    settled = true;
  });
  const waits: number[] = [];
  while (!settled) {
    const started = performance.now();
    const answer = await httpRequest(server.baseUrl, { method: 'GET', path: '/api/health/live' });
    waits.push(performance.now() - started);
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
  }
  return { result: await finished, worstWaitMs: Math.max(...waits), polls: waits.length };
}

// Nothing here depends on the database (the files are refused before any query): the SQLite run only.
describe.skipIf(onPostgres()).each([
  { variant: 'TypeScript server (tsx)', bundle: undefined },
  { variant: 'production bundle', bundle: 'dist/import-stall-test' },
])('importing hostile files into the $variant', ({ bundle }) => {
  let store: TestStore;
  let server: ServerProcess;
  let token: string;
  let accountId: string;
  let files: HostileFile[];

  beforeAll(async () => {
    if (bundle) {
      execFileSync(process.execPath, ['scripts/build-server.mjs', bundle], {
        cwd: join(repoRoot, 'apps/api'),
      });
    }
    store = await createTestStore();
    server = await startServer(
      store,
      {},
      bundle ? { compiled: true, bundle: join(repoRoot, 'apps/api', bundle, 'server.js') } : {},
    );
    token = await loginOver(server.baseUrl, 'admin@eksempel.dk', DEMO_PASSWORD);
    const handle = store.open();
    try {
      accountId = await accountIdOf(handle.db, ACCOUNT_NAMES.soparken1);
    } finally {
      await handle.db.destroy();
    }
    files = await sharedFiles();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await killStartedServers();
    await store?.dispose();
  });

  it(
    'refuses each with its Danish message while no other request waits a second',
    async () => {
      const worst: Record<string, string> = {};
      for (const file of files) {
        const { result, worstWaitMs, polls } = await whilePolling(
          server,
          httpRequest(server.baseUrl, {
            method: 'POST',
            path: `/api/admin/import/${accountId}/readings?mode=apply`,
            token,
            body: { format: file.format, data: file.bytes.toString('base64') },
            timeoutMs: 60_000,
          }),
        );
        expect(result.status, file.name).toBe(200);
        expect(result.body, file.name).toMatchObject({
          applied: false,
          errors: [{ line: 1, column: null, message: file.message }],
        });
        worst[`${file.name}, ${(file.bytes.length / 1024).toFixed(0)} kB`] =
          `${worstWaitMs.toFixed(0)} ms over ${polls} polls`;
        expect(worstWaitMs, file.name).toBeLessThan(MAX_WAIT_MS);
      }
      // The figures for ADR 028.
      console.log(`worst /api/health/live wait per refused file:\n${JSON.stringify(worst, null, 2)}`);
    },
    SETUP_TIMEOUT_MS,
  );
});
