// Part of `npm run lint` (issue 34): no source file over 300 lines, so a module keeps one job that
// can be read in one sitting. Tests, migrations (frozen once released) and generated files are left out.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_LINES = 300;
const SOURCE = /^(apps|packages)\/[^/]+\/src\/.*\.tsx?$/;
const LEFT_OUT = /\/db\/migrations\//;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => SOURCE.test(file) && !LEFT_OUT.test(file));

const tooLong = files
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES);

for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines (at most ${MAX_LINES})`);
if (tooLong.length > 0) process.exit(1);
console.log(`source sizes: ${files.length} files, none over ${MAX_LINES} lines`);
