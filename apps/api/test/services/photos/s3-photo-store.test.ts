import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deletePhotosOlderThan } from '../../../src/services/photos/photo-retention.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { startLocalS3 } from '../../helpers/local-s3.ts';
import { testClock } from '../../helpers/test-app.ts';
import { getPhoto, jpegWithExif, newPhotoId, putPhoto } from '../../helpers/test-photos.ts';

const BUCKET = 'maaler-fotos';
let s3: Awaited<ReturnType<typeof startLocalS3>>;

// The server and the SDK's own variables must be there before the app (and its S3 client) is made.
beforeAll(async () => {
  s3 = await startLocalS3(BUCKET);
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3.stop();
});

describe('PHOTO_STORE=s3://bucket/prefix, against a local S3-compatible server', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde', 'klover'], env: { PHOTO_STORE: `s3://${BUCKET}/fotos/` } });
  const client = () =>
    new S3Client({
      endpoint: s3.endpoint,
      region: s3.env.AWS_REGION,
      credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
      forcePathStyle: true,
    });
  const keys = async () =>
    ((await client().send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);

  it('keeps the re-encoded JPEG as <prefix><id> in the bucket, not in the database, and serves it by the same rules', async () => {
    const photoId = newPhotoId();
    const res = await putPhoto(t, {
      token: t.kunde,
      accountId: t.soparken1,
      photoId,
      body: await jpegWithExif(),
    });
    expect(res.statusCode, res.body).toBe(201);

    const row = await t.database.db
      .selectFrom('photos')
      .select(['bytes', 'size'])
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    expect(row.bytes).toBeNull();
    expect(await keys()).toEqual([`fotos/${photoId}`]);
    const object = await client().send(new GetObjectCommand({ Bucket: BUCKET, Key: `fotos/${photoId}` }));
    const stored = Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array()));
    expect(stored.length).toBe(row.size);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    const shown = await getPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(stored)).toBe(true);
    const otherTenant = await getPhoto(t, { token: t.klover, accountId: t.soparken1, photoId });
    expect(otherTenant.statusCode).toBe(404);
  });

  it('deletes the bucket’s copies of the photos retention deletes', async () => {
    const kept = newPhotoId();
    const old = newPhotoId();
    await putPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId: old, body: await jpegWithExif() });
    const cutoff = new Date(clock.now().getTime() + 1000);
    clock.advance(2000);
    await putPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId: kept, body: await jpegWithExif() });
    expect(await keys()).toEqual(expect.arrayContaining([`fotos/${old}`, `fotos/${kept}`]));

    const log = { info: () => undefined };
    await deletePhotosOlderThan(t.database.db, t.app.photoStore, cutoff, {
      dryRun: false,
      now: clock.now(),
      log,
    });
    expect(await keys()).toEqual([`fotos/${kept}`]);
    expect((await getPhoto(t, { token: t.kunde, accountId: t.soparken1, photoId: old })).statusCode).toBe(
      404,
    );
  });
});
