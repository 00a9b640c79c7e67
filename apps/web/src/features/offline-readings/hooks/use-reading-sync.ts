import { useCallback, useEffect, useRef, useState } from 'react';
import { showAlert } from '@/lib/alerts';
import { sendQueuedReadings } from '../api/send-queued-readings';
import { loadDeviceQueue, signedInUser } from '../load-device-queue';
import { offlineReadingsMessages as messages } from '../messages';

const SYNC_LOCK = 'maaleraflaesning-reading-sync';

/**
 * Runs `task` unless a sync already runs in this or another tab (Web Locks; a tab without them is
 * guarded by its own flag only, and the stable keys make an overlap harmless anyway).
 */
function exclusively(running: { current: boolean }, task: () => Promise<void>): Promise<void> {
  if (running.current) return Promise.resolve();
  const guarded = async () => {
    running.current = true;
    try {
      await task();
    } finally {
      running.current = false;
    }
  };
  if (!navigator.locks) return guarded();
  return navigator.locks.request(SYNC_LOCK, { ifAvailable: true }, (lock) => (lock ? guarded() : undefined));
}

/**
 * Sends the signed-in user's waiting readings at start, whenever the connection returns and on
 * `syncNow` ('Send nu'), and says how many went.
 */
export function useReadingSync(): { syncNow: () => Promise<void>; syncing: boolean } {
  const running = useRef(false);
  const [syncing, setSyncing] = useState(false);

  const syncNow = useCallback(
    () =>
      exclusively(running, async () => {
        const userId = signedInUser();
        if (!userId) return;
        setSyncing(true);
        try {
          const [{ deviceQueue, queueChanged }, { syncReadingQueue }] = await Promise.all([
            loadDeviceQueue(),
            import('@/lib/reading-queue/sync-reading-queue'),
          ]);
          const result = await syncReadingQueue(
            await deviceQueue(),
            userId,
            sendQueuedReadings,
            queueChanged,
          );
          if (result.sent > 0) showAlert('success', messages.sent(result.sent), { autohide: true });
        } catch (error) {
          console.error('Sending the readings kept on the device failed', error);
        } finally {
          setSyncing(false);
        }
      }),
    [],
  );

  useEffect(() => {
    void syncNow();
    const onOnline = () => void syncNow();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [syncNow]);

  return { syncNow, syncing };
}
