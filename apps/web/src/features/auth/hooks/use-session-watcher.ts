import { useEffect } from 'react';
import { AUTH_RECHECK_MS } from '@/config/constants';
import { checkSession } from '@/lib/session/auth-status';

/** Spec §4: the session is checked every second; an invalid one is reset (→ /login). */
export function useSessionWatcher(): void {
  useEffect(() => {
    checkSession();
    const timer = window.setInterval(() => checkSession(), AUTH_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
}
