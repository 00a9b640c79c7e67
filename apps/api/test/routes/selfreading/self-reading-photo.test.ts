import { MAX_PHOTO_UPLOAD_BYTES, PhotoUploaded, SELF_READING_TOKEN_HEADER } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { messages, PHOTO_READING_ERRORS } from '../../../src/messages.ts';
import { reviewList } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { meterHistory } from '../../helpers/reading-requests.ts';
import { issueLinkToken, putLinkPhoto, sendThroughLink } from '../../helpers/self-reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';
import { getPhoto, jpegWithExif, newPhotoId, plainImage, putPhoto } from '../../helpers/test-photos.ts';

// Issue 36 on the resident's link (ADR 043 amended 2026-11-28): a photo goes up with the link's token
// alone, re-encoded like any upload, and can go only on that link's readings.
describe('PUT /api/selfreading/photo/{photoId} and a photo on the resident’s reading', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'kunde'], cleanUp: ['new-readings'] });

  const uploadThrough = async (token: string) => {
    const photoId = newPhotoId();
    const res = await putLinkPhoto(t, { token, photoId, body: await plainImage(40, 30) });
    expect(res.statusCode, res.body).toBe(201);
    return photoId;
  };
  const energi = () => t.heat.items.Energi ?? 0;

  it('stores the photo without its EXIF and puts it and the note on the link’s reading, seen by the office in history and Til kontrol', async () => {
    const token = await issueLinkToken(t, t.heat);
    const photoId = newPhotoId();
    const put = await putLinkPhoto(t, { token, photoId, body: await jpegWithExif() });
    expect(put.statusCode, put.body).toBe(201);
    expect(PhotoUploaded.parse(put.json())).toEqual({ Success: true, PhotoId: photoId });
    const again = await putLinkPhoto(t, { token, photoId, body: await jpegWithExif() });
    expect(again.statusCode).toBe(200);

    // Far above the history: the reading goes to review, so Til kontrol shows it too.
    const sent = await sendThroughLink(t, {
      token,
      values: [{ deviceItemId: energi(), value: '99999' }],
      photoId,
      note: '  Måleren sidder bag en reol  ',
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const history = await meterHistory(t, t.kunde, t.soparken1, t.heat);
    const entry = history.find((e) => e.DateRecord === '2026-11-22');
    expect(entry).toMatchObject({
      Source: 'selfreading',
      PhotoId: photoId,
      Note: 'Måleren sidder bag en reol',
    });
    const review = (await reviewList(t, t.admin, t.soparken1)).find((r) => r.DeviceItemId === energi());
    expect(review).toMatchObject({ PhotoId: photoId, Note: 'Måleren sidder bag en reol' });

    const shown = await getPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.includes(Buffer.from('Hemmelig Hansen'))).toBe(false);
    expect(shown.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('refuses another link’s photo (406 as an unknown photo) and an office user’s; an id another holds is 404', async () => {
    const own = await issueLinkToken(t, t.heat);
    const other = await issueLinkToken(t, t.coldWater);
    const othersPhoto = await uploadThrough(other);
    const officePhoto = newPhotoId();
    const office = await putPhoto(t, {
      token: t.kunde,
      accountId: t.soparken1,
      photoId: officePhoto,
      body: await plainImage(40, 30),
    });
    expect(office.statusCode).toBe(201);

    for (const photoId of [othersPhoto, officePhoto, newPhotoId()]) {
      const res = await sendThroughLink(t, {
        token: own,
        values: [{ deviceItemId: energi(), value: '900' }],
        photoId,
      });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 406,
        body: { validationError: PHOTO_READING_ERRORS.photoUnknown('Energi') },
      });
      // Uploading under an id another link or a user holds is the refused link's 404: nothing to overwrite.
      const put = await putLinkPhoto(t, { token: own, photoId, body: await plainImage(20, 20) });
      expect(put.statusCode).toBe(photoId === othersPhoto || photoId === officePhoto ? 404 : 201);
    }
    // The link's photo is no office user's to name either.
    const byOffice = await t.inject({
      method: 'POST',
      url: `/api/gateway/manualregisterdeviceitemdata/${t.soparken1}`,
      token: t.kunde,
      payload: [
        {
          gatewayId: t.coldWater.gatewayId,
          deviceId: t.coldWater.deviceId,
          deviceItemId: t.coldWater.items.Volumen,
          dateRecord: '11/20/2026',
          value: '1',
          photoId: othersPhoto,
        },
      ],
    });
    expect(byOffice.statusCode).toBe(406);
  });

  it('answers 404 for a refused token, 406 for what is not an image and 413 over the cap, storing nothing', async () => {
    const token = await issueLinkToken(t, t.heat);
    const before = await t.database.db.selectFrom('photos').select('id').execute();
    const unknown = await putLinkPhoto(t, {
      token: 'x'.repeat(43),
      photoId: newPhotoId(),
      body: await plainImage(20, 20),
    });
    expect(unknown.statusCode).toBe(404);
    const notImage = await putLinkPhoto(t, {
      token,
      photoId: newPhotoId(),
      body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expect({ status: notImage.statusCode, body: notImage.json() }).toEqual({
      status: 406,
      body: { validationError: messages.photoNotAnImage },
    });
    const tooLarge = await putLinkPhoto(t, {
      token,
      photoId: newPhotoId(),
      body: Buffer.alloc(MAX_PHOTO_UPLOAD_BYTES + 1),
    });
    expect({ status: tooLarge.statusCode, body: tooLarge.json() }).toMatchObject({
      status: 413,
      body: { Message: messages.photoTooLarge },
    });
    expect(await t.database.db.selectFrom('photos').select('id').execute()).toEqual(before);
  });

  it('counts refused tokens in the address’s sign-in throttle (429), like the link’s page', async () => {
    const limit = t.config.login.maxFailuresPerIp;
    const put = async (token: string) =>
      (
        await t.inject({
          method: 'PUT',
          url: `/api/selfreading/photo/${newPhotoId()}`,
          headers: { [SELF_READING_TOKEN_HEADER]: token, 'content-type': 'image/png' },
          payload: await plainImage(10, 10),
          remoteAddress: '10.77.0.1',
        })
      ).statusCode;
    for (let i = 0; i < limit; i++) expect(await put(`guess-${i}`)).toBe(404);
    expect(await put(await issueLinkToken(t, t.heat))).toBe(429);
  });
});
