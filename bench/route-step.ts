import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measureRouteStep } from './lib/route-step-scenario.ts';

/**
 * `node --import tsx bench/route-step.ts [--meters 20] [--throttle 4] [--dist apps/web/dist] [--breakdown]`
 * (after `npm run build`): the route step alone (bench/lib/route-step-scenario.ts); `npm run bench` runs
 * it too. `--breakdown` prints each step's requests (ms from Enter) and the main thread's long tasks.
 */
const { values } = parseArgs({
  options: {
    meters: { type: 'string', default: '20' },
    throttle: { type: 'string', default: '4' },
    dist: { type: 'string', default: 'apps/web/dist' },
    breakdown: { type: 'boolean', default: false },
  },
});
const throttle = Number(values.throttle);
console.log(`Route step: SEND to next meter ready (CPU ${throttle}× slower)`);
await measureRouteStep(resolve(values.dist), {
  meters: Number(values.meters),
  throttle,
  breakdown: values.breakdown,
  log: (line) => console.log(line),
});
