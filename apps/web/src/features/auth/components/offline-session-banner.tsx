import { useAuthStatus } from '@/lib/session/use-auth-status';
import { useDeviceCredentialExchange } from '../hooks/use-device-credential-exchange';
import { authMessages as messages } from '../messages';

/**
 * Says `Logget ind uden forbindelse` while the session of an offline sign-in has no token, and
 * exchanges its device credential once the server can be reached (ADR 034).
 */
export function OfflineSessionBanner() {
  const offline = useAuthStatus((status) => status.authenticated && status.offline);
  useDeviceCredentialExchange(offline);
  // The live region stays mounted, so screen readers announce the text when it appears.
  return (
    <div role="status" className={offline ? 'container' : undefined}>
      {offline && (
        <p className="alert alert-info mt-3 mb-0" data-testid="offline-session-banner">
          {messages.signedInOffline}
        </p>
      )}
    </div>
  );
}
