import { describe, expect, it } from 'vitest';
import type { PlacePage } from '../../../src/db/repositories/imports.ts';
import type { Turns } from '../../../src/services/imports/event-loop-turns.ts';
import { pagesInTurns } from '../../../src/services/imports/pages-in-turns.ts';
import { chunksByPoint } from '../../../src/services/imports/register-row-errors.ts';
import type { ValidReading } from '../../../src/services/readings/reading-validation.ts';

// The pieces a remote import's plan is cut into on the server's thread (ADR 052), pure.

function countingTurns(): Turns & { count: number } {
  const turns = {
    count: 0,
    async pause() {
      turns.count += 1;
    },
  };
  return turns;
}

describe('pagesInTurns', () => {
  const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ id: 10 + index * 3 }));

  function pagedFrom(all: { id: number }[]) {
    const asked: PlacePage<{ id: number }>[] = [];
    const selectPage = async (page: PlacePage<{ id: number }>) => {
      asked.push(page);
      return all.filter((row) => row.id > (page.after?.id ?? 0)).slice(0, page.limit);
    };
    return { asked, selectPage };
  }

  it('reads every row once, in order, a page at a time after the last row seen, with a turn before each', async () => {
    const all = rows(1234);
    const { asked, selectPage } = pagedFrom(all);
    const turns = countingTurns();
    expect(await pagesInTurns(selectPage, turns, 500)).toEqual(all);
    expect(asked).toEqual([
      { after: undefined, limit: 500 },
      { after: all[499], limit: 500 },
      { after: all[999], limit: 500 },
    ]);
    expect(turns.count).toBe(3);
  });

  it('asks once more after a full last page, and stops at the empty one', async () => {
    const all = rows(1000);
    const { asked, selectPage } = pagedFrom(all);
    expect(await pagesInTurns(selectPage, countingTurns(), 500)).toEqual(all);
    expect(asked.map((page) => page.after)).toEqual([undefined, all[499], all[999]]);
  });

  it('answers no rows for an account without any', async () => {
    const { selectPage } = pagedFrom([]);
    expect(await pagesInTurns(selectPage, countingTurns(), 500)).toEqual([]);
  });
});

describe('chunksByPoint', () => {
  const reading = (deviceItemId: number, day: number): ValidReading => ({
    deviceItemId,
    dateRecord: `2026-10-${String(day).padStart(2, '0')}`,
    value: String(day),
    plausibilityOverride: false,
    source: 'remote',
    enteredAt: null,
    reason: 'periodic',
  });

  it('keeps all of a point’s readings in one chunk and every reading in exactly one', () => {
    // Points 1–7 with 1–7 readings each, interleaved as a file's rows are.
    const readings = [];
    for (let day = 1; day <= 7; day++)
      for (let point = day; point <= 7; point++)
        readings.push({ index: readings.length, reading: reading(point, day) });
    const chunks = chunksByPoint(readings, 5);

    expect(
      chunks
        .flat()
        .map(({ index }) => index)
        .sort((a, b) => a - b),
    ).toEqual(readings.map(({ index }) => index));
    const chunkOfPoint = new Map<number, number>();
    chunks.forEach((chunk, at) => {
      for (const {
        reading: { deviceItemId },
      } of chunk) {
        expect(chunkOfPoint.get(deviceItemId) ?? at).toBe(at);
        chunkOfPoint.set(deviceItemId, at);
      }
    });
    expect(chunks.length).toBeGreaterThan(1);
    // A chunk closes once it holds `size` readings, so only its last point may take it past that.
    for (const chunk of chunks) {
      const last = chunk.at(-1)?.reading.deviceItemId;
      expect(chunk.filter(({ reading: r }) => r.deviceItemId !== last).length).toBeLessThan(5);
    }
  });
});
