import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The pids of a process's children (every thread's), from /proc. */
function childrenOf(pid: number): number[] {
  const tasks = join('/proc', String(pid), 'task');
  return readdirSync(tasks).flatMap((tid) =>
    readFileSync(join(tasks, tid, 'children'), 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  );
}

/**
 * Binds a process, all its threads and every process below it to the CPU list `cores` (taskset's
 * form, e.g. `0` or `0,1`). Processes it starts later inherit the binding, so a PostgreSQL server
 * pinned through its postmaster keeps the backends it forks for new connections on those cores.
 */
export function pinProcessTree(pid: number, cores: string): void {
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cores, String(pid)], { stdio: 'ignore' });
  for (const child of childrenOf(pid)) pinProcessTree(child, cores);
}

/** The postmaster's pid of a PostgreSQL data folder: the first line of its `postmaster.pid`. */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}
