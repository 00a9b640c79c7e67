import { Writable } from 'node:stream';
import { pino } from 'pino';

export type LogLine = { level: number; event?: string; msg?: string } & Record<string, unknown>;

/** pino's number for the warn level. */
export const WARN = 40;

/**
 * A logger at info level that keeps every line it writes, parsed, for a test to look for the
 * security events an operation logged.
 */
export function capturedLog() {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return {
    logger: pino({ level: 'info' }, sink),
    /** The lines with this security event, in the order they were written. */
    events: (event: string) => lines.filter((line) => line.event === event),
  };
}
