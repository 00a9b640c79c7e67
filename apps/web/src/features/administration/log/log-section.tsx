import { AUDIT_EVENT_LABELS, AUDIT_EVENT_NAMES, type AuditEventName } from '@maaler/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { ScrollableTable } from '@/components/scrollable-table';
import { formatTimestamp } from '@/lib/format-timestamp';
import { errorMessage } from '@/lib/messages';
import { AdminSection } from '../components/admin-section';
import { Pager } from '../components/pager';
import { type LogFilters, useLogPage } from './api/log';
import { detailParts } from './log-details';
import { logMessages as messages } from './log-messages';

const NO_FILTERS: LogFilters = { user: '', event: '', from: '', to: '' };
/** The first and last Danish day of the events shown. */
const DAY_FILTERS = ['from', 'to'] as const;

const labelOf = (event: string): string =>
  event in AUDIT_EVENT_LABELS ? AUDIT_EVENT_LABELS[event as AuditEventName] : event;

/**
 * `Log` (issue 39, ADR 041): the security and bulk events of the administrator's customers, newest
 * first, paged on the server; a filter change starts again at the first page.
 */
export function LogSection() {
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const log = useLogPage(filters, page);
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filter = (change: Partial<LogFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  return (
    <AdminSection headingId="admin-log-heading" heading={messages.heading} busy={log.isFetching}>
      <p className="small text-body-secondary">{messages.intro}</p>
      <fieldset className="row g-2 mb-3">
        <legend className="visually-hidden">{messages.filters}</legend>
        <Form.Group className="col-12 col-md-6" controlId="log-user">
          <Form.Label>{messages.user}</Form.Label>
          <Form.Select value={filters.user} onChange={(event) => filter({ user: event.target.value })}>
            <option value="">{messages.allUsers}</option>
            {data?.users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-md-6" controlId="log-event">
          <Form.Label>{messages.event}</Form.Label>
          <Form.Select
            value={filters.event}
            onChange={(event) => filter({ event: event.target.value as AuditEventName | '' })}
          >
            <option value="">{messages.allEvents}</option>
            {AUDIT_EVENT_NAMES.map((name) => (
              <option key={name} value={name}>
                {AUDIT_EVENT_LABELS[name]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {DAY_FILTERS.map((bound) => (
          <Form.Group key={bound} className="col-6" controlId={`log-${bound}`}>
            <Form.Label>{messages[bound]}</Form.Label>
            <Form.Control
              type="date"
              value={filters[bound]}
              onChange={(event) => filter({ [bound]: event.target.value })}
            />
          </Form.Group>
        ))}
      </fieldset>
      {log.isPending && <p role="status">{messages.loading}</p>}
      {log.isError && <Alert variant="danger">{messages.failed(errorMessage(log.error))}</Alert>}
      {data && (
        <p className="small text-body-secondary mb-2" aria-live="polite">
          {messages.count(data.total)}
        </p>
      )}
      {data && data.events.length === 0 && <p>{messages.none}</p>}
      {data && data.events.length > 0 && (
        <ScrollableTable
          caption={messages.table}
          columns={[messages.time, messages.user, messages.event, messages.details]}
        >
          {data.events.map((entry) => (
            <tr key={entry.id}>
              <td className="text-nowrap small">{formatTimestamp(entry.at)}</td>
              <td className="text-break">{entry.userName ?? messages.nobody}</td>
              <td>
                <div className="fw-semibold">{labelOf(entry.event)}</div>
                {entry.subjectName !== null && entry.subjectUserId !== entry.userId && (
                  <div className="small text-break">{messages.about(entry.subjectName)}</div>
                )}
                {entry.accountName !== null && (
                  <div className="small">{messages.account(entry.accountName)}</div>
                )}
              </td>
              <td className="small text-break">{detailParts(entry.details).join(', ')}</td>
            </tr>
          ))}
        </ScrollableTable>
      )}
      <Pager label={messages.pagination} page={page} pages={pages} onPage={setPage} />
    </AdminSection>
  );
}
