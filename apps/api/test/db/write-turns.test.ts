import { describe, expect, it } from 'vitest';
import { createWriteTurns } from '../../src/db/engine/write-turns.ts';

// The turns of a process's SQLite writers (ADR 052, worker), pure.

describe('write turns', () => {
  it('runs one work at a time, in the order they asked, and a failing one does not hold up the next', async () => {
    const turns = createWriteTurns();
    const log: string[] = [];
    const work =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} begins`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`${name} ends`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      turns.run(work('a')),
      turns.run(work('b', true)),
      turns.run(work('c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
  });
});
