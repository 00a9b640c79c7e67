import type { AdminUser } from '@maaler/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { usersMessages as messages } from './users-messages';

/** `Nulstil adgangskode` asks first: the user's current password stops working. */
export function ResetQuestion({
  user,
  onConfirm,
  onCancel,
}: {
  user: AdminUser;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Alert variant="warning">
      <p>{messages.resetQuestion(user.name)}</p>
      <div className="d-flex gap-2">
        <Button variant="danger" onClick={onConfirm} autoFocus>
          {messages.confirmReset}
        </Button>
        <Button variant="light" onClick={onCancel}>
          {messages.cancel}
        </Button>
      </div>
    </Alert>
  );
}
