import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { onRouteChange } from '@/lib/alerts';

/** Spec §4: each route navigation clears the alert, unless it was marked to survive one change. */
export function useClearAlertsOnRouteChange(): void {
  const [pathname] = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    onRouteChange();
  }, [pathname]);
}
