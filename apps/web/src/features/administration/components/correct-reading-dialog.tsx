import type { ReviewReading } from '@maaler/contract';
import { type FormEvent, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '@/components/dialog-header';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { TextField } from '@/components/text-field';
import { administrationMessages as messages } from '../messages';

const TITLE_ID = 'admin-correct-title';

type CorrectReadingDialogProps = {
  reading: ReviewReading;
  saving: boolean;
  /** Why the last attempt failed (the server names the point). */
  error: string | null;
  onSave: (value: string) => void;
  onClose: () => void;
};

/** 'Ret': the administrator's value for a reading to review, in Danish form (decimal comma). */
export function CorrectReadingDialog({ reading, saving, error, onSave, onClose }: CorrectReadingDialogProps) {
  const [value, setValue] = useState(reading.Value);
  const input = useRef<HTMLInputElement>(null);
  // The dialog opens to change the value: it starts there, selected, so typing replaces it.
  const selectValue = () => {
    input.current?.focus();
    input.current?.select();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value.trim());
  };

  return (
    <Modal show onHide={onClose} onEntered={selectValue} aria-labelledby={TITLE_ID} centered>
      <form noValidate onSubmit={submit} aria-busy={saving}>
        <DialogHeader id={TITLE_ID}>{messages.correctTitle(reading.DeviceName, reading.Name)}</DialogHeader>
        <Modal.Body>
          <p className="text-body-secondary">
            {reading.GatewayName}, {reading.DateRecordFormatted}
          </p>
          <TextField
            ref={input}
            id="admin-correct-value"
            label={messages.correctValue(reading.Unit)}
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            hint={messages.correctHint}
            error={error ?? undefined}
          />
        </Modal.Body>
        <FormDialogFooter
          cancelLabel={messages.cancel}
          onCancel={onClose}
          submitLabel={saving ? messages.savingCorrection : messages.saveCorrection}
          busy={saving}
        />
      </form>
    </Modal>
  );
}
