import { randomUUID } from 'node:crypto';
import { PHOTO_REQUIRED_SETTING } from '@maaler/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** A JPEG a phone could send: 200 × 100 px stored sideways (EXIF orientation 6), with a maker, copyright and GPS. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#c33' } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'Hemmelig Hansen', Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 40/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

/** A plain image of the size and format asked for. */
export function plainImage(width: number, height: number, format: 'png' | 'webp' | 'jpeg' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: '#3c6' } })
    .toFormat(format)
    .toBuffer();
}

export const newPhotoId = (): string => randomUUID();

/** PUT /api/photos/{accountId}/{photoId} with the bytes as the body. */
export function putPhoto(
  t: TestApp,
  options: { token: string; accountId: string; photoId: string; body: Buffer | string; contentType?: string },
): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'PUT',
    url: `/api/photos/${options.accountId}/${options.photoId}`,
    token: options.token,
    headers: { 'content-type': options.contentType ?? 'image/jpeg' },
    payload: options.body,
  });
}

export function getPhoto(
  t: TestApp,
  options: { token: string; accountId: string; photoId: string },
): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'GET',
    url: `/api/photos/${options.accountId}/${options.photoId}`,
    token: options.token,
  });
}

/** Turns on `Foto påkrævet` for an account (POST /api/account/settingsave), as an administrator. */
export async function requirePhoto(t: TestApp, adminToken: string, accountId: string): Promise<void> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/account/settingsave',
    token: adminToken,
    payload: { accountid: accountId, key: PHOTO_REQUIRED_SETTING, value: 'true' },
  });
  expect(res.statusCode, res.body).toBe(200);
}
