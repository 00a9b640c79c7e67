import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';

export type Machine = {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  commit: string;
  /** 1-minute load average when the measurements started. */
  loadAtStart: number;
  /** Whether the load was below the quiet threshold when the measurements started. */
  quiet: boolean;
  waitedSeconds: number;
};

export const QUIET_LOAD = 1.0;

function currentCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Waits until the 1-minute load average is below QUIET_LOAD (polling every `pollSeconds`, for at
 * most `maxSeconds`), since other work on a small machine moves every figure. Measures anyway when
 * it never gets quiet; the result says so.
 */
export async function waitForQuietMachine(
  maxSeconds: number,
  pollSeconds: number,
  log: (line: string) => void,
): Promise<Machine> {
  const started = Date.now();
  let load = loadavg()[0] ?? 0;
  while (load >= QUIET_LOAD && (Date.now() - started) / 1000 < maxSeconds) {
    log(`load ${load.toFixed(2)} ≥ ${QUIET_LOAD}: waiting ${pollSeconds} s for a quiet machine`);
    await new Promise((resolve) => setTimeout(resolve, pollSeconds * 1000));
    load = loadavg()[0] ?? 0;
  }
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    commit: currentCommit(),
    loadAtStart: Math.round(load * 100) / 100,
    quiet: load < QUIET_LOAD,
    waitedSeconds: Math.round((Date.now() - started) / 1000),
  };
}
