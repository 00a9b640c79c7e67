import { lazy, Suspense, useEffect } from 'react';
import { useAuthStatus } from '@/lib/session/use-auth-status';

// Only an offline sign-in's session needs the notice and the exchange: they load then.
const OfflineSessionNotice = lazy(async () => ({
  default: (await import('./offline-session-notice')).OfflineSessionNotice,
}));

/**
 * Every signed-in screen says when its session has no token yet (offline sign-in, ADR 034). Once
 * signed in, every session end also deletes the device's offline sign-in entry: the listener loads
 * after the first paint, since a session ends only by a later action or the watcher.
 */
export function OfflineSessionBanner() {
  const authenticated = useAuthStatus((status) => status.authenticated);
  const offline = useAuthStatus((status) => status.authenticated && status.offline);
  useEffect(() => {
    if (authenticated) void import('../forget-offline-sign-in-on-reset');
  }, [authenticated]);
  // The live region stays mounted, so screen readers announce the text when it appears.
  return (
    <div role="status" className={offline ? 'container' : undefined}>
      {offline && (
        <Suspense fallback={null}>
          <OfflineSessionNotice />
        </Suspense>
      )}
    </div>
  );
}
