import { onSessionReset } from '@/lib/session/auth-status';
import { loadOfflineSignIn } from './load-offline-sign-in';

// Sign-out, auto-logout and a refused token end the offline sign-in too (ADR 034): the server's
// logout revokes the device credential, and the device deletes its entry. Registered wherever a
// signed-in screen can end the session; the entry's code loads only then.
onSessionReset(() => {
  void loadOfflineSignIn()
    .then(({ forgetOfflineSignIn }) => forgetOfflineSignIn())
    .catch((error: unknown) => console.error('Deleting the offline sign-in on the device failed', error));
});
