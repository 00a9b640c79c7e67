import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgresServer } from '@maaler/test-support/postgres-server';
import { profileLoads } from './lib/api-scenarios.ts';
import { startApiUnderTest } from './lib/api-under-test.ts';
import { summarizeCpuProfile } from './lib/cpu-profile-summary.ts';

/**
 * `npm run bench:profile -- [read|single|batch] [seconds] [copy.cpuprofile] [--postgres]`: one API path
 * under full load with V8's CPU profiler (as `node --cpu-prof`), then where the server's CPU time went
 * (self time, idle excluded). On SQLite, or with --postgres on a throwaway PostgreSQL server. The
 * optional third argument keeps the profile, e.g. for Chrome DevTools.
 */
const onPostgres = process.argv.includes('--postgres');
const [path = 'read', secondsArgument = '10', keepAs] = process.argv
  .slice(2)
  .filter((argument) => argument !== '--postgres') as ['read' | 'single' | 'batch', string, string?];
const seconds = Number(secondsArgument);
if (!['read', 'single', 'batch'].includes(path)) throw new Error('path: read, single or batch');

const PRELOAD = fileURLToPath(new URL('./lib/cpu-profiler-preload.mjs', import.meta.url));
const profileDir = mkdtempSync(join(tmpdir(), 'maaler-cpu-prof-'));
const postgres = onPostgres ? await startPostgresServer() : undefined;
try {
  const api = await startApiUnderTest(postgres ? 'postgres' : 'sqlite', {
    postgresUrl: postgres?.url,
    env: { NODE_OPTIONS: `--import=${PRELOAD}`, CPU_PROFILE_DIR: profileDir },
  });
  try {
    await profileLoads[path](api, seconds);
  } finally {
    await api.stop();
  }
} finally {
  await postgres?.stop();
}
const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('the server wrote no profile');
const summary = summarizeCpuProfile(join(profileDir, file));
if (keepAs) copyFileSync(join(profileDir, file), keepAs);
rmSync(profileDir, { recursive: true, force: true });
console.log(
  `\nCPU profile of the API server on ${postgres ? 'PostgreSQL' : 'SQLite'}, ${path} path, ${summary.sampledMs} ms busy:`,
);
console.log('\nby package or file (self time):');
for (const share of summary.byPlace) console.log(`  ${String(share.percent).padStart(5)} %  ${share.name}`);
console.log('\nby function (self time):');
for (const share of summary.byFunction)
  console.log(`  ${String(share.percent).padStart(5)} %  ${share.name}`);
