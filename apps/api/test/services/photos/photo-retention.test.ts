import { describe, expect, it } from 'vitest';
import { databasePhotoStore } from '../../../src/services/photos/database-photo-store.ts';
import { deletePhotosOlderThan } from '../../../src/services/photos/photo-retention.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';
import { newPhotoId, plainImage, putPhoto } from '../../helpers/test-photos.ts';

const DAY_MS = 24 * 3_600_000;
const T0 = new Date('2026-11-22T10:00:00Z');
const at = (days: number, hours = 0) => new Date(T0.getTime() + days * DAY_MS + hours * 3_600_000);

describe('deletePhotosOlderThan (PHOTO_RETENTION_DAYS)', () => {
  const clock = testClock(T0);
  const t = useDemoApp({ clock });

  /** Uploads a photo at `when` as kunde@ and, if `reading` says so, sends a reading naming it. */
  async function photoAt(when: Date, reading?: { point: 'Energi' | 'Volumen'; date: string; note?: string }) {
    clock.set(when);
    const token = await t.login('kunde@eksempel.dk');
    const photoId = newPhotoId();
    const res = await putPhoto(t, { token, accountId: t.soparken1, photoId, body: await plainImage(30, 30) });
    expect(res.statusCode).toBe(201);
    if (reading) {
      const sent = await postReadings(t, {
        token,
        accountId: t.soparken1,
        payload: [readingOf(t.heat, reading.point, reading.date, '600', { photoId, note: reading.note })],
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    return photoId;
  }

  const state = async () => ({
    photos: (await t.database.db.selectFrom('photos').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    ),
    evidence: await t.database.db
      .selectFrom('reading_evidence')
      .select(['reading_id', 'photo_id', 'note'])
      .orderBy('reading_id')
      .execute(),
    readings: await t.database.db.selectFrom('readings').select(['id', 'value']).orderBy('id').execute(),
  });

  it('deletes photos older than the cutoff and day-old unattached uploads, their links but not notes, and logs the count', async () => {
    const oldWithNote = await photoAt(at(0), { point: 'Energi', date: '11/20/2026', note: 'Dugget glas' });
    const oldLinked = await photoAt(at(0), { point: 'Volumen', date: '11/20/2026' });
    const oldUnattached = await photoAt(at(0));
    const newLinked = await photoAt(at(2), { point: 'Energi', date: '11/21/2026' });
    const dayOldUnattached = await photoAt(at(2));
    const freshUnattached = await photoAt(at(3));
    const now = at(3, 1);
    const cutoff = at(1);
    const before = await state();
    expect(before.photos).toHaveLength(6);

    const lines: object[] = [];
    const log = { info: (details: object, message: string) => lines.push({ ...details, message }) };
    const dry = await deletePhotosOlderThan(t.database.db, databasePhotoStore, cutoff, {
      dryRun: true,
      now,
      log,
    });
    expect(dry).toEqual({ photos: 4, links: 2 });
    expect(await state()).toEqual(before);

    const done = await deletePhotosOlderThan(t.database.db, databasePhotoStore, cutoff, {
      dryRun: false,
      now,
      log,
    });
    expect(done).toEqual({ photos: 4, links: 2 });
    const after = await state();
    expect(after.photos).toEqual([newLinked, freshUnattached].sort());
    expect(after.readings).toEqual(before.readings);
    const linkOf = (photoId: string) => before.evidence.find((row) => row.photo_id === photoId);
    expect(after.evidence).toEqual(
      [{ ...linkOf(oldWithNote), photo_id: null }, linkOf(newLinked)].sort(
        (a, b) => (a?.reading_id ?? 0) - (b?.reading_id ?? 0),
      ),
    );
    expect(linkOf(oldLinked)).toBeDefined();
    for (const gone of [oldUnattached, dayOldUnattached]) expect(after.photos).not.toContain(gone);
    expect(lines).toEqual([
      expect.objectContaining({
        photos: 4,
        links: 2,
        dryRun: true,
        message: 'photos due for deletion by retention',
      }),
      expect.objectContaining({ photos: 4, links: 2, dryRun: false, message: 'photos deleted by retention' }),
    ]);

    // Nothing is left to delete: a second run deletes nothing.
    expect(
      await deletePhotosOlderThan(t.database.db, databasePhotoStore, cutoff, { dryRun: false, now, log }),
    ).toEqual({ photos: 0, links: 0 });
  });
});

describe('the retention job with photos (ADR 042, ADR 045)', () => {
  const clock = testClock(T0);
  const t = useDemoApp({ clock });

  it('counts photos past PHOTO_RETENTION_DAYS in its dry run and deletes them in its run, keeping younger ones', async () => {
    clock.set(T0);
    const token = await t.login('kunde@eksempel.dk');
    const old = newPhotoId();
    expect(
      (await putPhoto(t, { token, accountId: t.soparken1, photoId: old, body: await plainImage(20, 20) }))
        .statusCode,
    ).toBe(201);
    clock.set(at(t.config.retention.photoDays - 1));
    const young = newPhotoId();
    const youngToken = await t.login('kunde@eksempel.dk');
    await putPhoto(t, {
      token: youngToken,
      accountId: t.soparken1,
      photoId: young,
      body: await plainImage(20, 20),
    });
    const sent = await postReadings(t, {
      token: youngToken,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', '11/20/2028', '900', { photoId: young })],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const ids = async () =>
      (await t.database.db.selectFrom('photos').select('id').execute()).map((row) => row.id).sort();

    clock.set(at(t.config.retention.photoDays, 1));
    expect((await t.app.runRetention({ dryRun: true })).counts.photos).toBe(1);
    expect(await ids()).toEqual([old, young].sort());
    expect((await t.app.runRetention({ dryRun: false })).counts.photos).toBe(1);
    expect(await ids()).toEqual([young]);
  });
});
