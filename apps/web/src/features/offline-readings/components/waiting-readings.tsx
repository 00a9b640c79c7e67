import '../offline-readings.css';
import { lazy, Suspense, useRef, useState } from 'react';
import { useReadingSync } from '../hooks/use-reading-sync';
import { countReadings, useWaitingSends } from '../hooks/use-waiting-sends';
import { offlineReadingsMessages as messages } from '../messages';

const WaitingReadingsDialog = lazy(() => import('./waiting-readings-dialog'));

/**
 * The header's 'Afventer afsendelse: {n}' while readings wait on the device; it opens their list.
 * Mounted on the home screen, it also sends them at start and when the connection returns.
 */
export function WaitingReadings() {
  const sends = useWaitingSends();
  const sync = useReadingSync();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const count = countReadings(sends);

  return (
    <>
      {count > 0 && (
        <button
          ref={buttonRef}
          type="button"
          className="btn btn-light waiting-readings-button"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          {messages.waiting(count)}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <WaitingReadingsDialog
            sends={sends}
            sync={sync}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
