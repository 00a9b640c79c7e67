import { useEffect, useState } from 'react';
import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';
import type { KeptOnDevice } from '../route-status';

const NOTHING_KEPT: KeptOnDevice = { sends: [], skips: [], refused: [] };

/**
 * The signed-in user's readings and skips of `accountId` waiting on the device, read again whenever
 * the queue changes, so the route shows them also after a reload without a connection. SENDs the
 * server refused do not count: their readings were not stored; their meters are listed as refused.
 * Reads nothing while not `enabled`.
 */
export function useKeptOnDevice(accountId: string, enabled: boolean): KeptOnDevice {
  const [kept, setKept] = useState<KeptOnDevice>(NOTHING_KEPT);

  useEffect(() => {
    const userId = plainSessionKeys.guid.get();
    setKept(NOTHING_KEPT);
    if (!enabled || !userId || !accountId) return;
    let active = true;
    let unsubscribe = () => {};
    void import('@/lib/device/reading-queue/device-queue').then(({ deviceQueue, onQueueChange }) => {
      if (!active) return;
      const read = async () => {
        const queue = await deviceQueue();
        const [sends, skips] = await Promise.all([queue.list(userId), queue.listSkips(userId)]);
        if (!active) return;
        const ofAccount = sends.filter((send) => send.accountId === accountId);
        setKept({
          sends: ofAccount.filter((send) => send.rejection === null),
          refused: ofAccount.filter((send) => send.rejection !== null),
          skips: skips.filter((skip) => skip.accountId === accountId).map((skip) => skip.skip),
        });
      };
      const readLogged = () =>
        read().catch((error: unknown) => console.error('Reading the device queue failed', error));
      unsubscribe = onQueueChange(() => void readLogged());
      void readLogged();
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [accountId, enabled]);

  return kept;
}
