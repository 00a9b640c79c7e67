// Where a browser run's time went, from Playwright's JSON report (`--reporter=list,json` with
// PLAYWRIGHT_JSON_OUTPUT_FILE): the slowest files and tests, retries, and each worker's busy time and
// last finish, which show whether the workers end together.
//   node scripts/e2e-durations.mjs report.json [how many, default 15]
import { readFileSync } from 'node:fs';

const [file, top = '15'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/e2e-durations.mjs report.json [how many]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const runStart = Date.parse(report.stats.startTime);

const results = [];
const walk = (suite, path) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        results.push({
          file: spec.file ?? path,
          title: [...(suite.file === suite.title ? [] : [suite.title]), spec.title].join(' › '),
          duration: result.duration,
          retry: result.retry,
          worker: result.parallelIndex ?? result.workerIndex,
          end: Date.parse(result.startTime) + result.duration - runStart,
        });
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, suite.file ?? path);
};
for (const suite of report.suites) walk(suite, suite.file);

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
const sum = (list) => list.reduce((total, r) => total + r.duration, 0);
const byKey = (key) => {
  const groups = new Map();
  for (const r of results) groups.set(r[key], [...(groups.get(r[key]) ?? []), r]);
  return [...groups.entries()];
};

const total = sum(results);
console.log(
  `run ${seconds(report.stats.duration)} s wall, ${seconds(total)} s in tests (${results.length} attempts, ${results.filter((r) => r.retry > 0).length} retries)`,
);
console.log('\nslowest files (s, share, attempts):');
for (const [name, list] of byKey('file')
  .sort((a, b) => sum(b[1]) - sum(a[1]))
  .slice(0, Number(top))) {
  console.log(
    `${seconds(sum(list))} ${((100 * sum(list)) / total).toFixed(1).padStart(5)} % ${String(list.length).padStart(3)}  ${name}`,
  );
}
console.log('\nslowest tests (s):');
for (const r of [...results].sort((a, b) => b.duration - a.duration).slice(0, Number(top))) {
  console.log(`${seconds(r.duration)}  ${r.file} › ${r.title}${r.retry ? ` (retry ${r.retry})` : ''}`);
}
console.log('\nworkers (busy s, last test ended at s):');
for (const [worker, list] of byKey('worker').sort((a, b) => a[0] - b[0])) {
  console.log(
    `${String(worker).padStart(3)} ${seconds(sum(list))} ${seconds(Math.max(...list.map((r) => r.end)))}`,
  );
}
