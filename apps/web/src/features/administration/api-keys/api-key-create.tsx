import type { ApiKeyList, CreatedApiKey } from '@maaler/contract';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormError } from '@/components/form-error';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/messages';
import { useCreateApiKey } from './api/api-keys';
import { apiKeyMessages as messages } from './api-key-messages';

/** `Opret nøgle`: a key for one of the administrator's customers, shown once with a warning that says so. */
export function ApiKeyCreate({ customers }: { customers: ApiKeyList['customers'] }) {
  const [customerId, setCustomerId] = useState(customers[0]?.id ?? '');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useCreateApiKey();

  if (created) return <CreatedKey created={created} onDone={() => setCreated(null)} />;
  return (
    <Form
      className="mb-4"
      aria-labelledby="api-key-create-heading"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { customerId, name },
          {
            onSuccess: (answer) => {
              setName('');
              setCreated(answer);
            },
          },
        );
      }}
    >
      <h3 id="api-key-create-heading" className="h6">
        {messages.createHeading}
      </h3>
      {customers.length > 1 && (
        <Form.Group className="mb-3" controlId="api-key-customer">
          <Form.Label>{messages.customer}</Form.Label>
          <Form.Select value={customerId} onChange={(event) => setCustomerId(event.target.value)}>
            {customers.map((customer) => (
              <option key={customer.id} value={customer.id}>
                {customer.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <TextField
        id="api-key-name"
        label={messages.name}
        hint={messages.nameHint}
        value={name}
        required
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" className="mt-3" disabled={create.isPending}>
        {create.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {messages.create}
        {create.isPending && <span className="visually-hidden"> – {messages.creating}</span>}
      </Button>
      <FormError text={create.isError ? errorMessage(create.error) : null} />
    </Form>
  );
}

/** The new key, this once: focus moves to its heading so the warning is read out first. */
function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Alert variant="warning" className="mb-4">
      <h3 ref={heading} tabIndex={-1} className="h6">
        {messages.createdHeading(created.key.name)}
      </h3>
      <p className="fw-semibold">{messages.shownOnce}</p>
      <Form.Group className="mb-2" controlId="api-key-secret">
        <Form.Label>{messages.theKey}</Form.Label>
        <Form.Control
          readOnly
          value={created.secret}
          className="font-monospace"
          onFocus={(event) => event.target.select()}
        />
        <Form.Text>{messages.usage}</Form.Text>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="light"
          onClick={() => {
            void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true));
          }}
        >
          {messages.copy}
        </Button>
        <Button variant="primary" onClick={onDone}>
          {messages.saved}
        </Button>
      </div>
      <p className="small mb-0 mt-2" aria-live="polite">
        {copied ? messages.copied : ''}
      </p>
    </Alert>
  );
}
