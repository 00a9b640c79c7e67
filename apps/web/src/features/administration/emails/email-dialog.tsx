import Alert from 'react-bootstrap/Alert';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '@/components/dialog-header';
import { formatTimestamp } from '@/lib/format-timestamp';
import { errorMessage } from '@/lib/messages';
import { useOutboxMessage } from './api/outbox';
import { emailMessages as messages } from './email-messages';
import { MessageText } from './message-text';

/** One message opened from `Udsendte e-mails`: to whom, its status, and its text with the links. */
export function EmailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useOutboxMessage(id);
  const mail = message.data;
  return (
    <Modal show onHide={onClose} aria-labelledby="email-dialog-title" scrollable>
      <DialogHeader id="email-dialog-title">{mail?.subject ?? messages.loading}</DialogHeader>
      <Modal.Body>
        {message.isError && (
          <Alert variant="danger">{messages.messageFailed(errorMessage(message.error))}</Alert>
        )}
        {mail && (
          <>
            <p className="small mb-1 text-break">{messages.toLine(mail.to)}</p>
            <p className="small mb-3">
              {messages.statuses[mail.status]} · {messages.written(formatTimestamp(mail.createdAt))}
              {mail.sentAt && ` · ${messages.sentAt(formatTimestamp(mail.sentAt))}`} ·{' '}
              {messages.attempts(mail.attempts)}
            </p>
            {mail.lastError && mail.status !== 'sent' && (
              <p className="small text-danger text-break">{messages.lastError(mail.lastError)}</p>
            )}
            <MessageBody text={mail.text} />
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}

function MessageBody({ text }: { text: string }) {
  return (
    <div className="border rounded p-3 bg-body-tertiary">
      <MessageText text={text} />
    </div>
  );
}
