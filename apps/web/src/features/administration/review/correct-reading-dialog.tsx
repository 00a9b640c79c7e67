import type { ReviewReading } from '@maaler/contract';
import { type FormEvent, useRef, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { reviewMessages as messages } from './review-messages';

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
    <FormDialog
      titleId={TITLE_ID}
      title={messages.correctTitle(reading.DeviceName, reading.Name)}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={messages.cancel}
      submitLabel={saving ? messages.savingCorrection : messages.saveCorrection}
      busy={saving}
      onEntered={selectValue}
    >
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
    </FormDialog>
  );
}
