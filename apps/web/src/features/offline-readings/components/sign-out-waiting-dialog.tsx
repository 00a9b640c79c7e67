import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '@/components/dialog-header';
import { resetSession } from '@/lib/session/auth-status';
import { offlineDialogMessages as messages } from '../dialog-messages';

type SignOutWaitingDialogProps = { show: boolean; waiting: number; onCancel: () => void };

/** Asks before a sign-out with readings waiting on the device (`Du har {n} målinger, der ikke er sendt`). */
export function SignOutWaitingDialog({ show, waiting, onCancel }: SignOutWaitingDialogProps) {
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
        <p className="mb-0">{messages.signOutKeeps}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} autoFocus>
          {messages.cancel}
        </Button>
        <Button variant="danger" onClick={resetSession}>
          {messages.signOutAnyway}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
