import type { QueryClient } from '@tanstack/react-query';
import type { sendReadings } from '@/lib/device/send-readings';
import { postSkipReading } from '@/lib/server-data/skip-reading-api';
import { loadDeviceQueue } from './load-device-queue';
import { reportSync } from './sync-report';

// One sync of what waits on the device, loaded with the first sync rather than with the home screen
// (the hook that triggers it is part of the first load).

/**
 * Sends `userId`'s kept SENDs, then the kept route skips (after the readings, and only when their sync
 * was not cut short), and says what went; true `interrupted` when something must be tried again.
 * `send`: the reading screen's own `sendReadings`, handed in so that it stays in one chunk.
 */
export async function syncKept(
  userId: string,
  queryClient: QueryClient,
  send: typeof sendReadings,
): Promise<{ interrupted: boolean }> {
  const [{ deviceQueue, queueChanged }, { syncReadingQueue, syncSkipQueue }] = await Promise.all([
    loadDeviceQueue(),
    import('@/lib/device/reading-queue/sync-kept-requests'),
  ]);
  const queue = await deviceQueue();
  const readings = await syncReadingQueue(
    queue,
    userId,
    async (kept) =>
      send(
        kept.accountId,
        kept,
        kept.idempotencyKey,
        kept.photoId ? await queue.photo(kept.photoId) : undefined,
      ),
    queueChanged,
  );
  const skips = readings.interrupted
    ? null
    : await syncSkipQueue(queue, userId, ({ accountId, skip, idempotencyKey }) =>
        postSkipReading(accountId, skip, idempotencyKey),
      );
  if (skips && skips.sent + skips.refused.length > 0) queueChanged();
  reportSync(readings, skips, queryClient);
  return { interrupted: readings.interrupted || (skips?.interrupted ?? false) };
}
