import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '@/components/dialog-header';
import { deviceQueue, queueChanged } from '@/lib/device/reading-queue/device-queue';
import { resetSession } from '@/lib/session/auth-status';
import { offlineDialogMessages as messages } from '../dialog-messages';
import { signedInUser } from '../load-device-queue';

/** 'Slet dem': the user's readings and skips waiting on the device go, then the session ends. */
async function deleteWaitingAndSignOut(): Promise<void> {
  const userId = signedInUser();
  if (userId) {
    await (await deviceQueue()).deleteAllOf(userId);
    queueChanged();
  }
  resetSession();
}

type SignOutWaitingDialogProps = { show: boolean; waiting: number; onCancel: () => void };

/**
 * Asks before a sign-out with readings waiting on the device (`Du har {n} målinger, der ikke er sendt`):
 * keep them (`Log ud`) or delete them (`Slet dem`).
 */
export function SignOutWaitingDialog({ show, waiting, onCancel }: SignOutWaitingDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);
  const deleteThem = () => {
    setDeleting(true);
    setFailed(false);
    deleteWaitingAndSignOut().catch((error: unknown) => {
      console.error('Deleting the readings on the device failed', error);
      setDeleting(false);
      setFailed(true);
    });
  };

  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      aria-labelledby="sign-out-waiting-title"
      aria-describedby="sign-out-waiting-text"
    >
      <DialogHeader id="sign-out-waiting-title">{messages.signOutTitle}</DialogHeader>
      <Modal.Body id="sign-out-waiting-text">
        <p className="mb-1">{messages.signOutWarning(waiting)}</p>
        <p className="mb-1">{messages.signOutKeeps}</p>
        <p className="mb-0">{messages.signOutDeletes}</p>
        {failed && (
          <p className="text-danger mt-2 mb-0" role="alert">
            {messages.storageFailed}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} autoFocus>
          {messages.cancel}
        </Button>
        <Button variant="outline-danger" onClick={deleteThem} disabled={deleting}>
          {messages.deleteAndSignOut}
        </Button>
        <Button variant="danger" onClick={resetSession} disabled={deleting}>
          {messages.signOutAnyway}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
