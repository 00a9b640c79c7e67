import { useDeviceCredentialExchange } from '../hooks/use-device-credential-exchange';
import { authMessages as messages } from '../messages';

/**
 * `Logget ind uden forbindelse`, and the exchange of the device credential once the server can be
 * reached (ADR 034); shown only while the session has no token.
 */
export function OfflineSessionNotice() {
  useDeviceCredentialExchange();
  return (
    <p className="alert alert-info my-3" data-testid="offline-session-banner">
      {messages.signedInOffline}
    </p>
  );
}
