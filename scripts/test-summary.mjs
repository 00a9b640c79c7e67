// Adds up the JSON reports of every test run into one closing line: "tests: N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  let p = 0;
  let f = 0;
  let s = 0;
  if ('numPassedTests' in report) {
    // vitest (jest-compatible JSON)
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
    flaky += report.stats.flaky;
  }
  console.log(`${file.replace(/\.json$/, '').padEnd(14)} ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}

if (flaky > 0) console.log(`${flaky} browser test(s) passed only on their retry (flaky): see the list above`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
