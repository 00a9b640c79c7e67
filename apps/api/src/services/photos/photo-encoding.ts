import { MAX_PHOTO_PIXELS, PHOTO_MAX_LONG_SIDE_PX } from '@maaler/contract';
import sharp, { type SharpOptions } from 'sharp';
import { ContentTooLargeError, UnacceptableContentError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';

/** The formats a device sends; anything else sharp could decode (SVG, TIFF, GIF, HEIF …) is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const JPEG_QUALITY = 80;

export type EncodedPhoto = { bytes: Buffer; width: number; height: number };

/**
 * Decodes the upload and encodes a new JPEG from its pixels alone: turned upright by its EXIF
 * orientation first, the long side at most PHOTO_MAX_LONG_SIDE_PX, and no metadata (sharp writes none
 * unless asked), so nothing of the original file survives. sharp works on libuv's thread pool, so the
 * event loop stays free meanwhile (ADR 045).
 */
export async function reencodePhoto(input: Buffer): Promise<EncodedPhoto> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' } as const;
  const format = await formatOf(input, options);
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnacceptableContentError(messages.photoNotAnImage);
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({
        width: PHOTO_MAX_LONG_SIDE_PX,
        height: PHOTO_MAX_LONG_SIDE_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw refusalOf(error);
  }
}

async function formatOf(input: Buffer, options: SharpOptions): Promise<string | undefined> {
  try {
    return (await sharp(input, options).metadata()).format;
  } catch (error) {
    throw refusalOf(error);
  }
}

/** sharp's errors as the upload's answer: too many pixels is too big, anything else not an image. */
function refusalOf(error: unknown): Error {
  const text = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(text)) return new ContentTooLargeError(messages.photoTooLarge);
  return new UnacceptableContentError(messages.photoNotAnImage);
}
