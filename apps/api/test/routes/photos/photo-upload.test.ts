import { MAX_PHOTO_UPLOAD_BYTES, PHOTO_MAX_LONG_SIDE_PX, PhotoUploaded } from '@maaler/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/messages.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { ACCOUNT_NAMES, accountIdOf, userIdOf } from '../../helpers/demo-fixtures.ts';
import { testClock } from '../../helpers/test-app.ts';
import { getPhoto, jpegWithExif, newPhotoId, plainImage, putPhoto } from '../../helpers/test-photos.ts';

describe('PUT and GET /api/photos/{accountId}/{photoId}', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde', 'admin', 'klover', 'tekniker'] });

  const photoRows = () => t.database.db.selectFrom('photos').select(['id', 'size']).orderBy('id').execute();
  const notAnImage = { validationError: messages.photoNotAnImage };

  it('stores a re-encoded JPEG: turned upright, no EXIF, copyright or GPS left, and answers 201 once', async () => {
    const photoId = newPhotoId();
    const original = await jpegWithExif();
    const res = await putPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId, body: original });
    expect(res.statusCode).toBe(201);
    expect(PhotoUploaded.parse(res.json())).toEqual({ Success: true, PhotoId: photoId });

    const row = await t.database.db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account_id: t.soparken1,
      uploaded_by: await userIdOf(t.database.db, 'kunde@eksempel.dk'),
      uploaded_at: '2026-11-22T10:00:00.000Z',
      width: 100,
      height: 200,
    });

    const shown = await getPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['cache-control']).toBe('no-store');
    const bytes = shown.rawPayload;
    expect(bytes.length).toBe(row.size);
    const metadata = await sharp(bytes).metadata();
    expect({
      format: metadata.format,
      width: metadata.width,
      height: metadata.height,
      orientation: metadata.orientation,
      exif: metadata.exif,
      xmp: metadata.xmp,
      icc: metadata.icc,
    }).toEqual({
      format: 'jpeg',
      width: 100,
      height: 200,
      orientation: undefined,
      exif: undefined,
      xmp: undefined,
      icc: undefined,
    });
    for (const secret of ['Hemmelig Hansen', 'TestCam', 'Exif']) expect(bytes.includes(secret)).toBe(false);
  });

  it('shrinks the long side to the cap and takes PNG and WebP', async () => {
    for (const [format, contentType] of [
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const photoId = newPhotoId();
      const body = await plainImage(3000, 1000, format);
      const res = await putPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId, body, contentType });
      expect(res.statusCode, format).toBe(201);
      const shown = await getPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId });
      const metadata = await sharp(shown.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height], format).toEqual([
        'jpeg',
        PHOTO_MAX_LONG_SIDE_PX,
        Math.round((PHOTO_MAX_LONG_SIDE_PX * 1000) / 3000),
      ]);
    }
  });

  it('refuses a file that is not an image with a Danish 406, storing nothing', async () => {
    const before = await photoRows();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const truncated = (await jpegWithExif()).subarray(0, 200);
    const cases: [string, Buffer | string][] = [
      ['text', 'Dette er ikke et billede'],
      ['svg', svg],
      ['truncated jpeg', truncated],
      ['empty', Buffer.alloc(0)],
      [
        'gif',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      ],
    ];
    for (const [name, body] of cases) {
      const res = await putPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId: newPhotoId(), body });
      expect({ status: res.statusCode, body: res.json() }, name).toEqual({ status: 406, body: notAnImage });
    }
    expect(await photoRows()).toEqual(before);
  });

  it('refuses a body over the upload cap and an image of too many pixels with a Danish 413', async () => {
    const before = await photoRows();
    const tooLong = Buffer.alloc(MAX_PHOTO_UPLOAD_BYTES + 1, 0xff);
    const tooManyPixels = await plainImage(8000, 6000, 'png');
    for (const [name, body] of [
      ['bytes', tooLong],
      ['pixels', tooManyPixels],
    ] as const) {
      const res = await putPhoto(t, {
        token: t.kunde,
        accountId: t.soparken1,
        photoId: newPhotoId(),
        body,
        contentType: 'image/png',
      });
      expect({ status: res.statusCode, body: res.json() }, name).toEqual({
        status: 413,
        body: { Message: messages.photoTooLarge },
      });
    }
    expect(await photoRows()).toEqual(before);
  });

  it('answers a repeated upload of the same id by the same user 200 with the same answer, changing nothing', async () => {
    const photoId = newPhotoId();
    const first = await putPhoto(t, {
      token: t.kunde,
      accountId: t.soparken1,
      photoId,
      body: await jpegWithExif(),
    });
    expect(first.statusCode).toBe(201);
    const stored = await getPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId });
    clock.advance(60_000);
    const again = await putPhoto(t, {
      token: t.kunde,
      accountId: t.soparken1,
      photoId: photoId.toUpperCase(),
      body: await plainImage(50, 50),
      contentType: 'image/png',
    });
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: first.json() });
    const after = await getPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId });
    expect(after.rawPayload.equals(stored.rawPayload)).toBe(true);
  });

  it('answers 404 for an id another user or another account holds, as for an unknown account', async () => {
    const photoId = newPhotoId();
    await putPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId, body: await plainImage(20, 20) });
    const before = await photoRows();
    const unknownAccount = await putPhoto(t, {
      token: t.klover,
      accountId: t.soparken1,
      photoId: newPhotoId(),
      body: await plainImage(20, 20),
    });
    expect(unknownAccount.statusCode).toBe(404);
    for (const [who, token, accountId] of [
      ['another user of the account', t.admin, t.soparken1],
      ['the same user on another account', t.kunde, t.soparken2],
    ] as const) {
      const res = await putPhoto(t, { token, accountId, photoId, body: await plainImage(20, 20) });
      expect({ status: res.statusCode, body: res.json() }, who).toEqual({
        status: 404,
        body: unknownAccount.json(),
      });
    }
    expect(await photoRows()).toEqual(before);
  });

  it('shows a photo to the account’s users and its customer’s administrator, and 404 to anyone else exactly as a missing id', async () => {
    const photoId = newPhotoId();
    await putPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId, body: await plainImage(30, 20) });
    expect((await getPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId })).statusCode).toBe(200);
    expect((await getPhoto(t, { token: t.admin, accountId: t.soparken1, photoId })).statusCode).toBe(200);

    const missing = await getPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId: newPhotoId() });
    expect(missing.statusCode).toBe(404);
    const norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    const klover = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    const refused = [
      ['another tenant, own account in the path', t.klover, klover],
      ['another tenant, the photo’s account in the path', t.klover, t.soparken1],
      ['a reader of another customer', t.tekniker, norrevang],
      ['the customer’s other account in the path', t.kunde, t.soparken2],
    ] as const;
    for (const [who, token, accountId] of refused) {
      const res = await getPhoto(t, { token, accountId, photoId });
      expect({ status: res.statusCode, body: res.body, type: res.headers['content-type'] }, who).toEqual({
        status: 404,
        body: missing.body,
        type: missing.headers['content-type'],
      });
    }
  });
});
