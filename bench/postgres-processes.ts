import { parseArgs } from 'node:util';
import { startPostgresServer } from '@maaler/test-support/postgres-server';
import { prepareTargets } from './lib/api-scenarios.ts';
import { startAnotherProcess, startApiUnderTest } from './lib/api-under-test.ts';
import { pinProcessTree, postmasterPid } from './lib/cpu-pinning.ts';
import { measurePostgresInserts } from './lib/postgres-anchors.ts';
import { cpuOfProcesses, cpuUsedByGroup } from './lib/process-cpu.ts';
import { type WriteRun, writeRun } from './lib/write-run.ts';

/**
 * `node --import tsx bench/postgres-processes.ts [--seconds 10] [--rounds 3] [--pin]`: single durable readings
 * on a throwaway PostgreSQL server through one API process (10 connections) and through two processes
 * on the same database (5 connections each, at the same time), in alternating rounds. It measures
 * whether a second process raises the write rate on this machine, since one process is busy the whole
 * load (docs/performance.md), and where the machine's CPU goes per reading: the API processes,
 * PostgreSQL's, and the rest (the load generator, this script). Every acknowledged reading is looked
 * up afterwards, as in the main bench (that look-up's own CPU is inside the figures). The raw pg
 * 1-row commit anchor is measured first in the same conditions.
 * `--pin` gives the load generator (this script and the load processes it starts) core 1 of its own
 * and puts PostgreSQL and the API processes together on core 0 (issue 40, goal 6), so the rate shows
 * what one core does for the server side alone.
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    pin: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const quiet = () => undefined;
const perSecond = (runs: WriteRun[]) => Math.round(runs.reduce((sum, run) => sum + run.readingsPerSecond, 0));

const postgres = await startPostgresServer();
try {
  const first = await startApiUnderTest('postgres', { postgresUrl: postgres.url });
  const second = await startAnotherProcess(first);
  try {
    if (values.pin) {
      for (const pid of [postmasterPid(postgres.dataDir), first.server.pid, second.server.pid]) {
        pinProcessTree(pid, '0');
      }
      pinProcessTree(process.pid, '1');
      console.log('pinned: PostgreSQL and the API processes on core 0, the load generator on core 1');
    }
    const { write } = await prepareTargets(first, seconds);
    const onSecond = { ...write, url: write.url.replace(first.server.baseUrl, second.server.baseUrl) };
    // Disjoint keys: each load writes (point, date) pairs no other load uses, and none in the future.
    const firstKeys = { next: 0 };
    const secondKeys = { next: 1_000_000 };
    await writeRun(first, write, firstKeys, { seconds: 3, perRequest: 1 }, quiet);
    await writeRun(first, onSecond, secondKeys, { seconds: 3, perRequest: 1 }, quiet);
    const servers = new Set([first.server.pid, second.server.pid]);
    const groupOf = (pid: number, command: string) =>
      servers.has(pid) ? 'api' : command === 'postgres' ? 'postgres' : 'rest';
    /** Readings per second over the runs, and CPU milliseconds per reading of each group. */
    const measure = async (runs: () => Promise<WriteRun[]>) => {
      const before = cpuOfProcesses();
      const done = await runs();
      const used = cpuUsedByGroup(before, cpuOfProcesses(), groupOf);
      const readings = done.reduce((sum, run) => sum + run.acknowledged, 0);
      const msPer = (group: string) => (((used.get(group) ?? 0) * 1000) / readings).toFixed(2);
      return `${perSecond(done)} readings/s; CPU ms a reading: API ${msPer('api')}, PostgreSQL ${msPer('postgres')}, rest ${msPer('rest')}`;
    };
    const split = { seconds, perRequest: 1, connections: 5 };
    // The raw anchor in the same conditions, so each round's rate has its ratio in this run.
    const raw = await measurePostgresInserts(postgres.url, 1, seconds);
    console.log(`raw pg 1-row commits (10 clients): ${Math.round(raw.commitsPerSecond)}/s`);
    for (let round = 1; round <= rounds; round++) {
      const one = await measure(async () => [
        await writeRun(first, write, firstKeys, { seconds, perRequest: 1 }, quiet),
      ]);
      console.log(`round ${round}, one process:   ${one}`);
      const two = await measure(() =>
        Promise.all([
          writeRun(first, write, firstKeys, split, quiet),
          writeRun(first, onSecond, secondKeys, split, quiet),
        ]),
      );
      console.log(`round ${round}, two processes: ${two}`);
    }
  } finally {
    await second.stop();
    await first.stop();
  }
} finally {
  await postgres.stop();
}
