import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) each live process has used so far, by pid, with its command name. */
export function cpuOfProcesses(): Map<number, { command: string; seconds: number }> {
  const ticksPerSecond = 100;
  const processes = new Map<number, { command: string; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const command = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      processes.set(Number(entry), {
        command,
        seconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return processes;
}

/**
 * CPU seconds used between two snapshots, summed per group that `groupOf` names for each process (a
 * process that started after `before` counts whole; one that ended before `after` is not seen).
 */
export function cpuUsedByGroup(
  before: ReturnType<typeof cpuOfProcesses>,
  after: ReturnType<typeof cpuOfProcesses>,
  groupOf: (pid: number, command: string) => string,
): Map<string, number> {
  const used = new Map<string, number>();
  for (const [pid, { command, seconds }] of after) {
    const group = groupOf(pid, command);
    used.set(group, (used.get(group) ?? 0) + seconds - (before.get(pid)?.seconds ?? 0));
  }
  return used;
}
