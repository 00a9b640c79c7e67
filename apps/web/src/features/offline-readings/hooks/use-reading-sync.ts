import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onBackgroundSyncRequest, onSendNowRequest } from '@/lib/device/reading-queue/background-sync';
import { sendReadings } from '@/lib/device/send-readings';
import { signedInUser } from '../load-device-queue';

const SYNC_LOCK = 'maaleraflaesning-reading-sync';
/**
 * How soon a sync that got no answer tries again while readings wait. The 'online' event alone is
 * not enough: after a reload without a connection Chromium reports navigator.onLine as true, and no
 * event comes when the connection returns (nor on a phone whose radio is up but reaches nothing).
 */
export const SYNC_RETRY_MS = 5000;

type Guard = { running: boolean; again: boolean };

/**
 * Runs `task` unless a sync already runs in this or another tab (Web Locks; a tab without them is
 * guarded by its own flag only, and the stable keys make an overlap harmless anyway). A call while
 * this tab's sync runs is not dropped: that sync listed the queue before the newest SEND was kept
 * (route mode keeps each SEND first, ADR 054), so `rerun` follows once the lock is free.
 */
function exclusively<T>(guard: Guard, rerun: () => void, task: () => Promise<T>): Promise<T | undefined> {
  if (guard.running) {
    guard.again = true;
    return Promise.resolve(undefined);
  }
  const guarded = async () => {
    guard.running = true;
    guard.again = false;
    try {
      return await task();
    } finally {
      guard.running = false;
    }
  };
  const run = navigator.locks
    ? navigator.locks.request(SYNC_LOCK, { ifAvailable: true }, (lock) => (lock ? guarded() : undefined))
    : guarded();
  // The lock's promise settles once the lock is free again, so the rerun can take it.
  return run.finally(() => {
    if (guard.again && !guard.running) rerun();
  });
}

type SyncOutcome = { interrupted: boolean };

/**
 * Sends the signed-in user's waiting readings (then the route skips kept on the device) at start, whenever the connection returns, when the
 * service worker's Background Sync asks, on `syncNow` ('Send nu'), and again every SYNC_RETRY_MS
 * while a sync was cut short, and says how many went.
 */
export function useReadingSync(): { syncNow: () => Promise<void>; syncing: boolean } {
  const guard = useRef<Guard>({ running: false, again: false });
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [syncing, setSyncing] = useState(false);
  const queryClient = useQueryClient();

  const sync = useCallback(
    (): Promise<SyncOutcome | undefined> =>
      exclusively(
        guard.current,
        () => void sync(),
        async (): Promise<SyncOutcome> => {
          clearTimeout(retry.current);
          const userId = signedInUser();
          if (!userId) return { interrupted: false };
          setSyncing(true);
          try {
            const { syncKept } = await import('../sync-kept');
            const { interrupted } = await syncKept(userId, queryClient, sendReadings);
            if (interrupted) retry.current = setTimeout(() => void sync(), SYNC_RETRY_MS);
            return { interrupted };
          } catch (error) {
            console.error('Sending the readings kept on the device failed', error);
            return { interrupted: true };
          } finally {
            setSyncing(false);
          }
        },
      ),
    [queryClient],
  );
  const syncNow = useCallback(async () => {
    await sync();
  }, [sync]);

  useEffect(() => {
    void sync();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    // Another tab's sync is already on it when this one could not start its own.
    const stopListening = onBackgroundSyncRequest(async () => (await sync()) ?? { interrupted: false });
    const stopSendNow = onSendNowRequest(() => void sync());
    return () => {
      window.removeEventListener('online', onOnline);
      stopListening();
      stopSendNow();
      clearTimeout(retry.current);
    };
  }, [sync]);

  return { syncNow, syncing };
}
