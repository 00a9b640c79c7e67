import { MAX_READINGS_PER_BATCH, MyData } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { PHOTO_READING_ERRORS } from '../../../src/messages.ts';
import { exportReadings, reviewList } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  type DemoMeter,
  meterOf,
  snapshotData,
} from '../../helpers/demo-fixtures.ts';
import { meterHistory, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';
import { newPhotoId, plainImage, putPhoto, requirePhoto } from '../../helpers/test-photos.ts';

describe('a reading’s photo and note (POST /api/gateway/manualregisterdeviceitemdata/{accountId})', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({
    clock,
    signIn: ['kunde', 'admin', 'tekniker'],
    cleanUp: ['new-readings', 'settings'],
  });

  const upload = async (token: string, accountId = t.soparken1) => {
    const photoId = newPhotoId();
    const res = await putPhoto(t, { token, accountId, photoId, body: await plainImage(40, 30) });
    expect(res.statusCode).toBe(201);
    return photoId;
  };
  const evidenceRows = () =>
    t.database.db.selectFrom('reading_evidence').selectAll().orderBy('reading_id').execute();
  const history = (meter: DemoMeter, token = t.kunde) => meterHistory(t, token, meter.accountId, meter);
  const hybenvej = () => meterOf(t.database.db, 'Rækkehusene, Hybenvej', 'Hybenvej 1');
  const onlyPoint = (meter: DemoMeter) => Object.keys(meter.items)[0] ?? '';

  it('stores the photo and the note with the reading; history shows them only where they are', async () => {
    const photoId = await upload(t.kunde);
    const res = await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [
        readingOf(t.heat, 'Energi', '11/20/2026', '500,5', {
          photoId,
          note: '  Tælleværket er dugget  ',
        }),
        readingOf(t.heat, 'Volumen', '11/20/2026', '20', { note: '   ' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = (await history(t.heat)).filter((entry) => entry.DateRecord === '2026-11-20');
    const byPoint = Object.fromEntries(entries.map((entry) => [entry.Name, entry]));
    expect({ PhotoId: byPoint.Energi?.PhotoId, Note: byPoint.Energi?.Note }).toEqual({
      PhotoId: photoId,
      Note: 'Tælleværket er dugget',
    });
    expect(byPoint.Volumen).toBeDefined();
    expect(Object.keys(byPoint.Volumen ?? {})).not.toContain('PhotoId');
    expect(Object.keys(byPoint.Volumen ?? {})).not.toContain('Note');
    expect(await evidenceRows()).toHaveLength(1);
  });

  it('stores a note on every reading of a full batch of 1000', async () => {
    const day = (offset: number) => new Date(Date.UTC(2026, 10, 20) - offset * 86_400_000);
    const usDate = (date: Date) =>
      `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`;
    const batch = Array.from({ length: MAX_READINGS_PER_BATCH }, (_, i) =>
      readingOf(t.hotWater, 'Volumen', usDate(day(i)), String(5000 - i), { note: `Note ${i}` }),
    );
    const res = await postReadings(t, { token: t.kunde, accountId: t.soparken1, payload: batch });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const notes = await t.database.db
      .selectFrom('reading_evidence as e')
      .innerJoin('readings as r', 'r.id', 'e.reading_id')
      .select('e.note')
      .where('r.device_item_id', '=', t.hotWater.items.Volumen ?? 0)
      .execute();
    expect(notes).toHaveLength(MAX_READINGS_PER_BATCH);
    await t.database.db
      .deleteFrom('readings')
      .where('device_item_id', '=', t.hotWater.items.Volumen ?? 0)
      .execute();
  });

  it('refuses a photo id this user did not upload to this account, naming the point, storing nothing', async () => {
    const othersPhoto = await upload(t.admin);
    const ownOnOtherAccount = await upload(t.kunde, t.soparken2);
    const before = await snapshotData(t.database.db);
    const evidenceBefore = await evidenceRows();
    for (const [name, photoId] of [
      ['unknown', newPhotoId()],
      ['another user’s', othersPhoto],
      ['own, on another account', ownOnOtherAccount],
    ] as const) {
      const res = await postReadings(t, {
        token: t.kunde,
        accountId: t.soparken1,
        payload: [
          readingOf(t.heat, 'Volumen', '11/20/2026', '20'),
          readingOf(t.heat, 'Energi', '11/20/2026', '500,5', { photoId }),
        ],
      });
      expect({ status: res.statusCode, body: res.json() }, name).toEqual({
        status: 406,
        body: { validationError: PHOTO_READING_ERRORS.photoUnknown('Energi') },
      });
    }
    expect(await snapshotData(t.database.db)).toBe(before);
    expect(await evidenceRows()).toEqual(evidenceBefore);
  });

  it('changes nothing when the batch is repeated, with its Idempotency-Key or without one', async () => {
    const photoId = await upload(t.kunde);
    const batch = [readingOf(t.heat, 'Energi', '11/21/2026', '501', { photoId, note: 'Første' })];
    const first = await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: batch,
      idempotencyKey: 'photo-batch-1',
    });
    expect(first.statusCode, first.body).toBe(200);
    const stored = await snapshotData(t.database.db);
    const evidence = await evidenceRows();
    clock.advance(60_000);
    const replay = await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: batch,
      idempotencyKey: 'photo-batch-1',
    });
    expect({ status: replay.statusCode, body: replay.json() }).toEqual({ status: 200, body: first.json() });
    const again = await postReadings(t, { token: t.kunde, accountId: t.soparken1, payload: batch });
    expect(again.statusCode).toBe(200);
    expect(await snapshotData(t.database.db)).toBe(stored);
    expect(await evidenceRows()).toEqual(evidence);

    // A later send with another note replaces it; one without photo and note keeps what the reading has.
    await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', '11/21/2026', '501', { photoId, note: 'Anden' })],
    });
    await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', '11/21/2026', '502')],
    });
    const [entry] = (await history(t.heat)).filter(
      (row) => row.DateRecord === '2026-11-21' && row.Name === 'Energi',
    );
    expect([entry?.Value, entry?.PhotoId, entry?.Note]).toEqual(['502', photoId, 'Anden']);
  });

  it('requires a photo from a reader (role 0) where the account says Foto påkrævet, and from nobody else', async () => {
    const norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    const meter = await hybenvej();
    const point = onlyPoint(meter);
    await requirePhoto(t, t.admin, norrevang);

    const before = await snapshotData(t.database.db);
    const without = await postReadings(t, {
      token: t.tekniker,
      accountId: norrevang,
      payload: [readingOf(meter, point, '11/20/2026', '123')],
    });
    expect({ status: without.statusCode, body: without.json() }).toEqual({
      status: 406,
      body: { validationError: PHOTO_READING_ERRORS.photoRequired(point) },
    });
    expect(await snapshotData(t.database.db)).toBe(before);

    const photoId = await upload(t.tekniker, norrevang);
    const withPhoto = await postReadings(t, {
      token: t.tekniker,
      accountId: norrevang,
      payload: [readingOf(meter, point, '11/20/2026', '123', { photoId })],
    });
    expect(withPhoto.statusCode, withPhoto.body).toBe(200);
    const byAdministrator = await postReadings(t, {
      token: t.admin,
      accountId: norrevang,
      payload: [readingOf(meter, point, '11/21/2026', '124')],
    });
    expect(byAdministrator.statusCode, byAdministrator.body).toBe(200);
  });

  it('puts photo and note on Til kontrol, in the export’s Foto and Bemærkning, and in Mine data', async () => {
    const photoId = await upload(t.kunde);
    // Far above the cold-water history: the server sends it to review.
    const res = await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [
        readingOf(t.coldWater, 'Volumen', '11/20/2026', '40000', {
          photoId,
          note: '=Tjek måleren',
        }),
        readingOf(t.heat, 'Energi', '11/20/2026', '500,5'),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);

    const [toReview] = (await reviewList(t, t.admin, t.soparken1)).filter(
      (row) => row.DeviceItemId === t.coldWater.items.Volumen,
    );
    expect({ PhotoId: toReview?.PhotoId, Note: toReview?.Note }).toEqual({
      PhotoId: photoId,
      Note: '=Tjek måleren',
    });

    const file = await exportReadings(t, t.admin, t.soparken1, 'date=2026-11-22');
    expect(file.statusCode, file.body).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const headings = lines[0]?.split(';') ?? [];
    const photoColumn = headings.indexOf('Foto');
    expect(headings.slice(photoColumn, photoColumn + 2)).toEqual(['Foto', 'Bemærkning']);
    const cellsOf = (point: string) =>
      lines
        .map((line) => line.split(';'))
        .find((cells) => cells[3] === point && cells[5] === '20-11-2026')
        ?.slice(photoColumn, photoColumn + 2);
    expect(cellsOf('Volumen')).toEqual(['Ja', "'=Tjek måleren"]);
    expect(cellsOf('Energi')).toEqual(['Nej', '']);

    const mine = await t.inject({ method: 'GET', url: '/api/user/mydata', token: t.kunde });
    const data = MyData.parse(JSON.parse(mine.body));
    expect(data.photos.map((photo) => photo.id)).toContain(photoId);
    expect(data.photos.find((photo) => photo.id === photoId)).toMatchObject({
      account: ACCOUNT_NAMES.soparken1,
      uploadedAt: clock.now().toISOString(),
    });
    expect(data.notes.map((note) => [note.point, note.date, note.note])).toContainEqual([
      'Volumen',
      '2026-11-20',
      '=Tjek måleren',
    ]);
  });
});
