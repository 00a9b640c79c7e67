import type { OutboxStatus } from '@maaler/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ScrollableTable } from '@/components/scrollable-table';
import { formatTimestamp } from '@/lib/format-timestamp';
import { errorMessage } from '@/lib/messages';
import { AdminSection } from '../components/admin-section';
import { Pager } from '../components/pager';
import { useOutboxPage } from './api/outbox';
import { EmailDialog } from './email-dialog';
import { emailMessages as messages } from './email-messages';

const STATUS_BADGE: Record<OutboxStatus, string> = {
  pending: 'text-bg-warning',
  sent: 'text-bg-success',
  failed: 'text-bg-danger',
};

/**
 * `Udsendte e-mails` (ADR 037): the messages to the users of the administrator's customers, newest
 * first, paged on the server; `Vis` opens one with its text and links. Two columns, so a 375 px
 * screen shows the button without scrolling sideways.
 */
export function EmailsSection() {
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const emails = useOutboxPage(page);
  const data = emails.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <AdminSection headingId="admin-emails-heading" heading={messages.heading} busy={emails.isFetching}>
      <p className="small text-body-secondary">{messages.intro}</p>
      {emails.isPending && <p role="status">{messages.loading}</p>}
      {emails.isError && <Alert variant="danger">{messages.failed(errorMessage(emails.error))}</Alert>}
      {data && (
        <p className="small text-body-secondary mb-2" aria-live="polite">
          {messages.count(data.total)}
        </p>
      )}
      {data && data.messages.length === 0 && <p>{messages.none}</p>}
      {data && data.messages.length > 0 && (
        <ScrollableTable caption={messages.table} columns={[messages.message, messages.status]}>
          {data.messages.map((mail) => (
            <tr key={mail.id}>
              <td>
                <div className="fw-semibold text-break">{mail.subject}</div>
                <div className="small text-break">{messages.toLine(mail.to)}</div>
                <div className="small text-body-secondary">{formatTimestamp(mail.createdAt)}</div>
              </td>
              <td>
                <div className="d-flex flex-column align-items-start gap-1">
                  <span className={`badge ${STATUS_BADGE[mail.status]}`}>
                    {messages.statuses[mail.status]}
                  </span>
                  <span className="small">{messages.attempts(mail.attempts)}</span>
                  <Button
                    variant="outline-primary"
                    size="sm"
                    aria-haspopup="dialog"
                    aria-label={messages.openLabel(mail.subject, mail.to)}
                    onClick={() => setOpened(mail.id)}
                  >
                    {messages.open}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </ScrollableTable>
      )}
      <Pager label={messages.pagination} page={page} pages={pages} onPage={setPage} />
      {opened && <EmailDialog id={opened} onClose={() => setOpened(null)} />}
    </AdminSection>
  );
}
