import { lazy, Suspense, useEffect, useState } from 'react';
import { isLogoutWarningDue } from '@/lib/session/session-rules';
import { useAuthStatus } from '@/lib/session/use-auth-status';

const SessionTimeoutModal = lazy(() =>
  import('./session-timeout-modal').then((module) => ({ default: module.SessionTimeoutModal })),
);

/**
 * Decides when the auto-logout warning shows (spec §4): while 1 s < time left < 5 min. Once dismissed
 * it stays closed until the time left leaves that window. The modal's code loads on first need.
 */
export function SessionTimeout() {
  const timeLeftMs = useAuthStatus((status) => (status.authenticated ? status.timeLeftMs : 0));
  const due = isLogoutWarningDue(timeLeftMs);
  const [dismissed, setDismissed] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (due) setLoaded(true);
    else setDismissed(false);
  }, [due]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeoutModal
        show={due && !dismissed}
        timeLeftMs={timeLeftMs}
        onDismiss={() => setDismissed(true)}
      />
    </Suspense>
  );
}
