import { PHOTO_MAX_DEVICE_BYTES, PHOTO_MAX_LONG_SIDE_PX } from '@maaler/contract';
import imageCompression from 'browser-image-compression';

const BYTES_PER_MB = 1024 * 1024;

/** The compression's settings: the contract's long side and size, always JPEG. */
export const SHRINK_OPTIONS = {
  maxWidthOrHeight: PHOTO_MAX_LONG_SIDE_PX,
  maxSizeMB: PHOTO_MAX_DEVICE_BYTES / BYTES_PER_MB,
  fileType: 'image/jpeg',
  // Its worker would fetch the library from a CDN: unreachable offline and refused by our CSP.
  useWebWorker: false,
  // Redrawn through a canvas, the JPEG carries none of the original's EXIF (GPS position, device).
  preserveExif: false,
} as const;

/**
 * The camera's photo as the device keeps and sends it: long side ≤ 1600 px, JPEG, ≤ 300 KB, no
 * metadata. This module and the library load only once the user takes a photo.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  const shrunk = await imageCompression(file, SHRINK_OPTIONS);
  return new Blob([shrunk], { type: 'image/jpeg' });
}
