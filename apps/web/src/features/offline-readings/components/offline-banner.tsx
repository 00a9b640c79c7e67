import { useOnlineStatus } from '../hooks/use-online-status';
import { offlineReadingsMessages as messages } from '../messages';

/** Says, while there is no connection, that readings are kept on the device. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  // The live region stays mounted, so screen readers announce the text when it appears.
  return (
    <div role="status" className="container">
      {!online && (
        <p className="alert alert-warning mt-3 mb-0" data-testid="offline-banner">
          {messages.offline}
        </p>
      )}
    </div>
  );
}
