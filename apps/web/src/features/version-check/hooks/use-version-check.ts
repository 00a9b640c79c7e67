import { useEffect } from 'react';
import { VERSION_CHECK_INTERVAL_MS } from '@/config/constants';
import { plainSessionKeys } from '@/lib/plain-storage';
import { getVersion } from '../api/get-version';

function reloadPage(): void {
  window.location.reload();
}

/**
 * Spec §1/§4: looks for a new build every 60 s and reloads when its hash differs from the first one
 * seen. The first check on page load records the hash of the build this page runs; a failed check is
 * only logged.
 */
export function useVersionCheck(reload: () => void = reloadPage): void {
  useEffect(() => {
    let first = true;
    let stopped = false;
    const check = async () => {
      try {
        const { hash } = await getVersion();
        if (stopped) return;
        const seen = plainSessionKeys.versionChecked.get();
        if (first || seen === null) {
          first = false;
          plainSessionKeys.versionChecked.set(hash);
        } else if (hash !== seen) {
          plainSessionKeys.versionChecked.set(hash);
          reload();
        }
      } catch (error) {
        console.error('Version check failed', error);
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [reload]);
}
