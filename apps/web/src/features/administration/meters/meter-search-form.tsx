import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { meterAdministrationMessages as messages } from './meter-messages';

/** The search of `Målere` (location, address, meter or serial number), sent with `Søg`. */
export function MeterSearchForm({
  id,
  draft,
  onDraft,
  onSubmit,
}: {
  id: string;
  draft: string;
  onDraft: (draft: string) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form className="d-flex gap-2 align-items-end mb-3" onSubmit={onSubmit}>
      <Form.Group controlId={id} className="flex-grow-1">
        <Form.Label>{messages.search}</Form.Label>
        <Form.Control type="search" value={draft} onChange={(event) => onDraft(event.target.value)} />
      </Form.Group>
      <Button type="submit" variant="outline-primary">
        {messages.searchButton}
      </Button>
    </form>
  );
}
