import type { AdminUser } from '@maaler/contract';
import Alert from 'react-bootstrap/Alert';
import { ConfirmButtons } from '../components/confirm-buttons';
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
      <ConfirmButtons
        confirmLabel={messages.confirmReset}
        cancelLabel={messages.cancel}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </Alert>
  );
}
