import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '@/components/dialog-header';
import { recordActivity } from '@/lib/session/auth-status';
import { formatTimeLeft } from '@/lib/session/session-rules';
import { refreshToken } from '../api/refresh-token';
import { sessionTimeoutMessages as messages } from '../messages';

type SessionTimeoutModalProps = {
  show: boolean;
  timeLeftMs: number;
  onDismiss: () => void;
};

/**
 * The 'Log ud' warning (spec §2): the time left as m:ss, a link that resets the session timer and a
 * close button; a click on the backdrop does not close it (backdrop="static"). Staying logged in
 * also fetches a fresh token, since the old one may be what is about to expire; if that fails, the
 * session simply runs to the old expiry.
 */
export function SessionTimeoutModal({ show, timeLeftMs, onDismiss }: SessionTimeoutModalProps) {
  const stayLoggedIn = () => {
    recordActivity();
    onDismiss();
    refreshToken().then(
      () => recordActivity(),
      (error: unknown) => console.error('Token refresh failed', error),
    );
  };

  return (
    <Modal
      show={show}
      onHide={onDismiss}
      backdrop="static"
      centered
      aria-labelledby="session-timeout-title"
      aria-describedby="session-timeout-text"
      data-testid="session-timeout-modal"
    >
      <DialogHeader id="session-timeout-title">{messages.title}</DialogHeader>
      <Modal.Body>
        <p id="session-timeout-text" className="mb-3">
          {messages.autoLogoutIn}{' '}
          <strong data-testid="session-time-left">{formatTimeLeft(timeLeftMs)}</strong>.
        </p>
        <Button variant="link" className="p-0" onClick={stayLoggedIn}>
          {messages.stayLoggedIn}
        </Button>
      </Modal.Body>
    </Modal>
  );
}
