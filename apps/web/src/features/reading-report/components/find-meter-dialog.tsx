import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '@/components/dialog-header';
import { TextField } from '@/components/text-field';
import { routeMessages as messages } from '../messages';

const TITLE_ID = 'find-meter-title';

type FindMeterDialogProps = {
  searching: boolean;
  /** Why the last search found nothing. */
  error: string | null;
  onFind: (serial: string) => void;
  onClose: () => void;
};

/** 'Find måler' (issue 17): a meter of the account by the serial number on its label. */
export default function FindMeterDialog({ searching, error, onFind, onClose }: FindMeterDialogProps) {
  const [serial, setSerial] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = serial.trim();
    setMissing(trimmed === '');
    if (trimmed !== '') onFind(trimmed);
  };

  return (
    <Modal show onHide={onClose} aria-labelledby={TITLE_ID} centered>
      <form noValidate onSubmit={submit}>
        <DialogHeader id={TITLE_ID}>{messages.findTitle}</DialogHeader>
        <Modal.Body>
          <TextField
            id="find-meter-serial"
            label={messages.serial}
            value={serial}
            onChange={(event) => {
              setSerial(event.target.value);
              setMissing(false);
            }}
            hint={messages.serialHint}
            error={missing ? messages.serialMissing : (error ?? undefined)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {messages.cancel}
          </Button>
          <Button type="submit" variant="primary" disabled={searching}>
            {searching ? messages.searching : messages.search}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
