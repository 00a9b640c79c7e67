import { describe, expect, it } from 'vitest';
import * as readingSource from '../../src/db/migrations/20261126T0900-reading-source.ts';
import { useDemoApp } from '../helpers/demo-app.ts';
import { redoMigration } from '../helpers/migration-redo.ts';
import { keptOffline, postReadings, readingOf } from '../helpers/reading-requests.ts';
import { testClock } from '../helpers/test-app.ts';

// A database seeded before sources existed: the migration tells the demo history from typed readings.
describe('migration 20261126T0900-reading-source', () => {
  const t = useDemoApp({ clock: testClock(new Date('2026-11-22T10:00:00Z')), signIn: ['kunde'] });

  it('gives existing readings web, and the demo seed’s history import', async () => {
    const { kunde, soparken1, heat } = t;
    const typed = await postReadings(t, {
      token: kunde,
      accountId: soparken1,
      payload: [readingOf(heat, 'Energi', '11/20/2026', '500', keptOffline('2026-11-20T08:00:00Z'))],
    });
    expect(typed.statusCode, typed.body).toBe(200);

    const db = await redoMigration(t.database.db, readingSource);

    const bySource = async (table: 'readings' | 'reading_audit', dateColumn: string) =>
      (await db.selectFrom(table).select(['source', 'entered_at', dateColumn]).execute()).map((row) => ({
        source: row.source,
        enteredAt: row.entered_at,
        typed: String(row[dateColumn]).startsWith('2026-11-2'),
      }));
    const readings = await bySource('readings', 'registered_at');
    expect(readings.length).toBeGreaterThan(1);
    expect(new Set(readings.map((row) => JSON.stringify(row)))).toEqual(
      new Set([
        JSON.stringify({ source: 'import', enteredAt: null, typed: false }),
        JSON.stringify({ source: 'web', enteredAt: null, typed: true }),
      ]),
    );
    const audit = await bySource('reading_audit', 'changed_at');
    expect(audit.filter((row) => row.typed).map((row) => row.source)).toEqual(['web']);
    expect(new Set(audit.filter((row) => !row.typed).map((row) => row.source))).toEqual(new Set(['import']));
  });
});
