import { lazy, Suspense } from 'react';
import { useAuthStatus } from '@/lib/session/use-auth-status';

// Only an offline sign-in's session needs the notice and the exchange: they load then.
const OfflineSessionNotice = lazy(async () => ({
  default: (await import('./offline-session-notice')).OfflineSessionNotice,
}));

/** Every signed-in screen says when its session has no token yet (offline sign-in, ADR 034). */
export function OfflineSessionBanner() {
  const offline = useAuthStatus((status) => status.authenticated && status.offline);
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
