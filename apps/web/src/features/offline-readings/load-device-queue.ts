import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';

/** The queue's code (and idb) loads in its own chunk, after the home screen has rendered. */
export const loadDeviceQueue = () => import('@/lib/device/reading-queue/device-queue');

/** The signed-in user, who owns the readings this page shows and sends. */
export function signedInUser(): string | null {
  return plainSessionKeys.guid.get();
}
