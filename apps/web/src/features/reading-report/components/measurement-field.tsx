import { type GuaranteedDeviceItem, NO_READING_DATE } from '@maaler/contract';
import { type Control, useController } from 'react-hook-form';
import { TextField } from '@/components/text-field';
import { formatDanishRate } from '@/lib/numbers/danish-number';
import { readingReportMessages as messages, routeMessages } from '../messages';
import type { ReadingFormValues } from '../reading-form-schema';

type MeasurementFieldProps = {
  control: Control<ReadingFormValues>;
  index: number;
  item: GuaranteedDeviceItem;
  /** Why the typed value looks implausible; it can still be sent. */
  warning?: string | undefined;
};

/**
 * The input for one measurement point, with the point's last reading under it when it has one, and the
 * range the next value is expected in when the history gives one (issue 17).
 */
export function MeasurementField({ control, index, item, warning }: MeasurementFieldProps) {
  const { field, fieldState } = useController({ control, name: `readings.${index}.value` });
  const lastReading =
    item.LastDateValue !== NO_READING_DATE && item.LastValue !== null
      ? messages.lastReading(item.LastValue, item.LastDateValueFormatted, item.LastEstimated === true)
      : undefined;
  const expected = item.Expected
    ? routeMessages.expected(formatDanishRate(item.Expected.min), formatDanishRate(item.Expected.max))
    : undefined;
  return (
    <TextField
      id={`reading-value-${item.DeviceItemId}`}
      label={messages.measurementLabel(item.Name, item.Unit)}
      placeholder={messages.measurementPlaceholder(item.Name)}
      inputMode="decimal"
      autoComplete="off"
      className="mb-3 measurement-field"
      hint={lastReading}
      note={expected}
      warning={warning}
      error={fieldState.isTouched ? fieldState.error?.message : undefined}
      {...field}
    />
  );
}
