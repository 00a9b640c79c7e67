import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { profileLoads } from './lib/api-scenarios.ts';
import { startApiUnderTest } from './lib/api-under-test.ts';
import { summarizeCpuProfile } from './lib/cpu-profile-summary.ts';

/**
 * `npm run bench:profile -- [read|single|batch] [seconds] [copy.cpuprofile]`: one API path under full
 * load on SQLite with V8's CPU profiler (as `node --cpu-prof`), then where the server's CPU time went
 * (self time, idle excluded). The optional third argument keeps the profile, e.g. for Chrome DevTools.
 */
const path = (process.argv[2] ?? 'read') as 'read' | 'single' | 'batch';
const seconds = Number(process.argv[3] ?? 10);
const keepAs = process.argv[4];
if (!['read', 'single', 'batch'].includes(path)) throw new Error('path: read, single or batch');

const PRELOAD = fileURLToPath(new URL('./lib/cpu-profiler-preload.mjs', import.meta.url));
const profileDir = mkdtempSync(join(tmpdir(), 'maaler-cpu-prof-'));
const api = await startApiUnderTest('sqlite', {
  env: { NODE_OPTIONS: `--import=${PRELOAD}`, CPU_PROFILE_DIR: profileDir },
});
try {
  await profileLoads[path](api, seconds);
} finally {
  await api.stop();
}
const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('the server wrote no profile');
const summary = summarizeCpuProfile(join(profileDir, file));
if (keepAs) copyFileSync(join(profileDir, file), keepAs);
rmSync(profileDir, { recursive: true, force: true });
console.log(`\nCPU profile of the API server, ${path} path, ${summary.sampledMs} ms busy:`);
console.log('\nby package or file (self time):');
for (const share of summary.byPlace) console.log(`  ${String(share.percent).padStart(5)} %  ${share.name}`);
console.log('\nby function (self time):');
for (const share of summary.byFunction)
  console.log(`  ${String(share.percent).padStart(5)} %  ${share.name}`);
