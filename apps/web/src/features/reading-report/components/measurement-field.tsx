import { type GuaranteedDeviceItem, NO_READING_DATE } from '@maaler/contract';
import type { FocusEvent } from 'react';
import { TextField } from '@/components/text-field';
import { formatDanishRate } from '@/lib/numbers/danish-number';
import { readingReportMessages as messages, routeMessages } from '../messages';
import { measurementFieldId } from '../reading-field-ids';

type MeasurementFieldProps = {
  item: GuaranteedDeviceItem;
  value: string;
  onChange: (value: string) => void;
  /** The user left the field: from now on its error shows. */
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  error: string | undefined;
  /** Why the typed value looks implausible; it can still be sent. */
  warning?: string | undefined;
  /** Shows the expected range only once a value is typed, so it is not read off instead of the meter. */
  expectedOnceTyped?: boolean;
};

/**
 * The input for one measurement point, with the point's last reading under it when it has one, and the
 * range the next value is expected in when the history gives one (issue 17).
 */
export function MeasurementField({
  item,
  value,
  onChange,
  onBlur,
  error,
  warning,
  expectedOnceTyped = false,
}: MeasurementFieldProps) {
  const lastReading =
    item.LastDateValue !== NO_READING_DATE && item.LastValue !== null
      ? messages.lastReading(item.LastValue, item.LastDateValueFormatted, item.LastEstimated === true)
      : undefined;
  const expected =
    item.Expected && (!expectedOnceTyped || value.trim() !== '')
      ? routeMessages.expected(formatDanishRate(item.Expected.min), formatDanishRate(item.Expected.max))
      : undefined;
  return (
    <TextField
      id={measurementFieldId(item.DeviceItemId)}
      label={messages.measurementLabel(item.Name, item.Unit)}
      placeholder={messages.measurementPlaceholder(item.Name)}
      inputMode="decimal"
      autoComplete="off"
      className="mb-3 measurement-field"
      hint={lastReading}
      note={expected}
      warning={warning}
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
