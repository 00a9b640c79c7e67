import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '@/components/dialog-header';
import { SignOutButton } from '@/components/sign-out-button';
import { resetSession } from '@/lib/session/auth-status';
import { countReadings, useWaitingSends } from '../hooks/use-waiting-sends';
import { offlineReadingsMessages as messages } from '../messages';

/**
 * The sign-out button of a screen where readings may wait on the device: with readings waiting it
 * asks first (`Du har {n} målinger, der ikke er sendt`). Signing out keeps them: they belong to the
 * user and are sent after the same user's next sign-in.
 */
export function SignOutKeepingReadings({ className }: { className?: string }) {
  const waiting = countReadings(useWaitingSends());
  const [asking, setAsking] = useState(false);
  const close = () => setAsking(false);

  return (
    <>
      <SignOutButton
        className={className}
        onSignOut={() => (waiting > 0 ? setAsking(true) : resetSession())}
      />
      <Modal
        show={asking}
        onHide={close}
        centered
        aria-labelledby="sign-out-waiting-title"
        aria-describedby="sign-out-waiting-text"
      >
        <DialogHeader id="sign-out-waiting-title">{messages.signOutTitle}</DialogHeader>
        <Modal.Body id="sign-out-waiting-text">
          <p className="mb-1">{messages.signOutWarning(waiting)}</p>
          <p className="mb-0">{messages.signOutKeeps}</p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} autoFocus>
            {messages.cancel}
          </Button>
          <Button variant="danger" onClick={resetSession}>
            {messages.signOutAnyway}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
