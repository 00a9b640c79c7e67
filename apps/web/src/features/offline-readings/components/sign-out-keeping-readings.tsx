import { lazy, Suspense, useState } from 'react';
import { SignOutButton } from '@/components/sign-out-button';
import { resetSession } from '@/lib/session/auth-status';
import { countReadings, useWaitingSends } from '../hooks/use-waiting-sends';

// The dialog (and with it react-bootstrap's Modal) loads on first need, not with the home screen.
const SignOutWaitingDialog = lazy(() =>
  import('./sign-out-waiting-dialog').then((module) => ({ default: module.SignOutWaitingDialog })),
);

/**
 * The sign-out button of a screen where readings may wait on the device: with readings waiting it
 * asks first. Signing out keeps them: they belong to the user and are sent after the same user's next
 * sign-in.
 */
export function SignOutKeepingReadings({ className }: { className?: string }) {
  const waiting = countReadings(useWaitingSends());
  const [asking, setAsking] = useState(false);
  // Stays mounted once shown, so the dialog can fade out and give the focus back.
  const [loaded, setLoaded] = useState(false);

  return (
    <>
      <SignOutButton
        className={className}
        onSignOut={() => {
          if (waiting === 0) return resetSession();
          setLoaded(true);
          setAsking(true);
        }}
      />
      {loaded && (
        <Suspense fallback={null}>
          <SignOutWaitingDialog show={asking} waiting={waiting} onCancel={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  );
}
