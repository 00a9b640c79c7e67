import { CLIENT_READING_REASONS, type ClientReadingReason, READING_REASON_LABELS } from '@maaler/contract';
import { readingReportMessages as messages } from '../messages';
import { SelectField } from './select-field';

type ReadingReasonFieldProps = {
  /** Absent: `Periodisk`. */
  value: ClientReadingReason | undefined;
  onChange: (reason: ClientReadingReason) => void;
};

const isClientReason = (value: string): value is ClientReadingReason =>
  (CLIENT_READING_REASONS as readonly string[]).includes(value);

/**
 * `Årsag` under `Flere valg` (issue 37): why the readings of this SEND were taken. Loaded only when
 * `Flere valg` is opened; `Målerskift` is the meter change's own, never chosen here.
 */
export default function ReadingReasonField({ value, onChange }: ReadingReasonFieldProps) {
  return (
    <div className="mt-2">
      <SelectField
        id="reading-reason"
        label={messages.reason}
        value={value ?? 'periodic'}
        onChange={(chosen) => {
          if (isClientReason(chosen)) onChange(chosen);
        }}
        options={CLIENT_READING_REASONS.map((reason) => ({
          value: reason,
          label: READING_REASON_LABELS[reason],
        }))}
      />
    </div>
  );
}
