import { describe, expect, it } from 'vitest';
import { nextAttemptAt } from '../../src/services/mail/backoff.ts';

describe('mail retry backoff', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const waitAfter = (attempts: number, max = 20) =>
    (nextAttemptAt(now, attempts, max)?.getTime() ?? Number.NaN) - now.getTime();

  it('waits 30 s after the first refusal and twice as long after each further one, at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempts) => waitAfter(attempts) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });

  it('gives up after the last attempt', () => {
    expect(nextAttemptAt(now, 10, 10)).toBeNull();
    expect(nextAttemptAt(now, 9, 10)).not.toBeNull();
  });
});
