import { useEffect, useState } from 'react';
import type { QueuedSend } from '@/lib/device/reading-queue/queued-send';
import { loadDeviceQueue, signedInUser } from '../load-device-queue';

/**
 * The signed-in user's SENDs on the device, read again whenever the queue changes in this tab or
 * another; empty until first read.
 */
export function useWaitingSends(): QueuedSend[] {
  const [sends, setSends] = useState<QueuedSend[]>([]);

  useEffect(() => {
    const userId = signedInUser();
    if (!userId) return;
    let active = true;
    let unsubscribe = () => {};
    void loadDeviceQueue().then(({ deviceQueue, onQueueChange }) => {
      if (!active) return;
      const read = () =>
        deviceQueue()
          .then((queue) => queue.list(userId))
          .then(
            (next) => {
              // Nothing waiting before or now: the same list, so its screens do not render again.
              if (active)
                setSends((previous) => (previous.length === 0 && next.length === 0 ? previous : next));
            },
            (error: unknown) => console.error('Reading the device queue failed', error),
          );
      unsubscribe = onQueueChange(read);
      void read();
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  return sends;
}

/** How many readings wait on the device (also those the server refused). */
export function countReadings(sends: readonly QueuedSend[]): number {
  return sends.reduce((total, send) => total + send.readings.length, 0);
}
