import type { ApiKey } from '@maaler/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { formatTimestamp } from '@/lib/format-timestamp';
import { errorMessage } from '@/lib/messages';
import { AdminSection } from '../components/admin-section';
import { ConfirmButtons } from '../components/confirm-buttons';
import { useApiKeyList, useRevokeApiKey } from './api/api-keys';
import { ApiKeyCreate } from './api-key-create';
import { apiKeyMessages as messages } from './api-key-messages';

/**
 * `API-nøgler` (issue 38, ADR 051): the keys of the administrator's customers, `Opret nøgle` and
 * `Tilbagekald`. A key is shown only once, when it is created.
 */
export function ApiKeysSection() {
  const list = useApiKeyList();
  const revoke = useRevokeApiKey();
  const [asking, setAsking] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const data = list.data;

  return (
    <AdminSection headingId="admin-api-keys-heading" heading={messages.heading} busy={list.isFetching}>
      <p className="small text-body-secondary">{messages.intro}</p>
      {list.isPending && <p role="status">{messages.loading}</p>}
      {list.isError && <Alert variant="danger">{messages.failed(errorMessage(list.error))}</Alert>}
      {data && <ApiKeyCreate customers={data.customers} />}
      <p role="status" className="mb-2">
        {done ?? ''}
      </p>
      {revoke.isError && <Alert variant="danger">{errorMessage(revoke.error)}</Alert>}
      {data && (
        <>
          <h3 className="h6">{messages.listHeading}</h3>
          <p className="small text-body-secondary mb-2">{messages.count(data.keys.length)}</p>
          {data.keys.length === 0 && <p>{messages.none}</p>}
          <ul className="list-unstyled">
            {data.keys.map((key) => (
              <li key={key.id} className="border rounded p-2 mb-2">
                <KeyItem
                  apiKey={key}
                  showCustomer={data.customers.length > 1}
                  asking={asking === key.id}
                  pending={revoke.isPending}
                  onAsk={() => {
                    setDone(null);
                    setAsking(key.id);
                  }}
                  onCancel={() => setAsking(null)}
                  onRevoke={() =>
                    revoke.mutate(key.id, {
                      onSuccess: () => {
                        setAsking(null);
                        setDone(messages.revokedDone(key.name));
                      },
                    })
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </AdminSection>
  );
}

function KeyItem({
  apiKey,
  showCustomer,
  asking,
  pending,
  onAsk,
  onCancel,
  onRevoke,
}: {
  apiKey: ApiKey;
  showCustomer: boolean;
  asking: boolean;
  pending: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onRevoke: () => void;
}) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold text-break">{apiKey.name}</span>
        <span className={`badge ${revoked ? 'text-bg-secondary' : 'text-bg-success'}`}>
          {revoked ? messages.revokedBadge : messages.active}
        </span>
      </div>
      {showCustomer && <div className="small">{apiKey.customerName}</div>}
      <div className="small">
        {messages.prefix} <code>{apiKey.prefix}…</code>
      </div>
      <div className="small">{messages.created(formatTimestamp(apiKey.createdAt), apiKey.createdBy)}</div>
      <div className="small">
        {messages.lastUsed(apiKey.lastUsedAt === null ? null : formatTimestamp(apiKey.lastUsedAt))}
      </div>
      {apiKey.revokedAt !== null && (
        <div className="small">{messages.revoked(formatTimestamp(apiKey.revokedAt), apiKey.revokedBy)}</div>
      )}
      {!revoked && !asking && (
        <Button
          variant="outline-danger"
          className="mt-2"
          aria-label={messages.revokeNamed(apiKey.name)}
          onClick={onAsk}
        >
          {messages.revoke}
        </Button>
      )}
      {!revoked && asking && (
        <div className="mt-2">
          <p className="mb-2">{messages.revokeQuestion(apiKey.name)}</p>
          <ConfirmButtons
            confirmLabel={messages.revokeConfirm}
            cancelLabel={messages.cancel}
            pending={pending}
            onConfirm={onRevoke}
            onCancel={onCancel}
          />
        </div>
      )}
    </>
  );
}
