import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as selfReadingLinks from '../../src/db/migrations/20261202T0900-self-reading-links.ts';
import * as selfReadingReminders from '../../src/db/migrations/20261203T1000-self-reading-reminders.ts';
import * as selfReadingShortCodes from '../../src/db/migrations/20261203T1000-self-reading-short-codes.ts';
import * as selfReadingLinkTokens from '../../src/db/migrations/20261203T1100-self-reading-link-tokens.ts';
import { useDemoApp } from '../helpers/demo-app.ts';
import { keptOffline, postReadings, readingOf } from '../helpers/reading-requests.ts';
import { testClock } from '../helpers/test-app.ts';

// The source check is rebuilt on SQLite (a new column) and swapped on PostgreSQL: sources survive,
// and only the new migration's check takes `selfreading`. The later migrations that build on the
// links table go back first and come again after, as a real rollback and upgrade would run them.
const LATER = [selfReadingReminders, selfReadingShortCodes, selfReadingLinkTokens];
describe('migration 20261202T0900-self-reading-links', () => {
  const t = useDemoApp({ clock: testClock(new Date('2026-11-22T10:00:00Z')), signIn: ['kunde'] });

  const sourcesOf = async () =>
    (
      await t.database.db
        .selectFrom('readings')
        .select(['id', 'source', 'entered_at'])
        .orderBy('id')
        .execute()
    ).map((row) => `${row.id}:${row.source}:${row.entered_at}`);

  const setSource = (source: string) =>
    sql`update readings set source = ${source} where id = (select min(id) from readings)`.execute(
      t.database.db,
    );

  it('keeps every reading’s source, and takes selfreading only while it is applied', async () => {
    const typed = await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', '11/20/2026', '500', keptOffline('2026-11-20T08:00:00Z'))],
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const before = await sourcesOf();
    expect(before.some((row) => row.endsWith(':offline:2026-11-20T08:00:00.000Z'))).toBe(true);

    // biome-ignore lint/suspicious/noExplicitAny: the migration runs against the schema of its day
    const untyped = t.database.db as any;
    for (const later of [...LATER].reverse()) await later.down(untyped);
    await selfReadingLinks.down(untyped);
    expect(await sourcesOf()).toEqual(before);
    await expect(setSource('selfreading')).rejects.toThrow();

    await selfReadingLinks.up(untyped);
    for (const later of LATER) await later.up(untyped);
    expect(await sourcesOf()).toEqual(before);
    await setSource('selfreading');
    await expect(setSource('manual')).rejects.toThrow();
  });
});
