import { useEffect } from 'react';
import { VERSION_CHECK_INTERVAL_MS } from '@/config/constants';
import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';
import { getVersion } from '../api/get-version';
import { runningBuildHash } from '../running-build-hash';

function reloadPage(): void {
  window.location.reload();
}

/**
 * Spec §1/§4: looks for a new build every 60 s and reloads when its hash differs from the hash of the
 * build this page runs (written into index.html by the build; without it, in development, the first
 * hash seen). `versionChecked` holds the hash last seen: a page that still runs an older build after
 * reloading for a hash (an old index.html on the way) does not reload for that hash again. A failed
 * check is only logged.
 */
export function useVersionCheck(reload: () => void = reloadPage): void {
  useEffect(() => {
    let running = runningBuildHash();
    let stopped = false;
    const check = async () => {
      try {
        const { hash } = await getVersion();
        if (stopped) return;
        running ??= hash;
        const lastSeen = plainSessionKeys.versionChecked.get();
        plainSessionKeys.versionChecked.set(hash);
        if (hash !== running && hash !== lastSeen) reload();
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
