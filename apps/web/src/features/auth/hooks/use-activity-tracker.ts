import { useEffect } from 'react';
import { ACTIVITY_THROTTLE_MS } from '@/config/constants';
import { recordActivity } from '@/lib/session/auth-status';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Spec §4: any user action refreshes `lastaction`, at most once per throttle interval. */
export function useActivityTracker(): void {
  useEffect(() => {
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      recordActivity(now);
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, []);
}
