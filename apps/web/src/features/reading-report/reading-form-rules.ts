import { type ClientReadingReason, isReadingDateAllowed, READING_VALUE_PATTERN } from '@maaler/contract';
import { readingReportMessages as messages } from './messages';

/** The home form's values as the inputs hold them: ids as select values, the date as `YYYY-MM-DD`. */
export type ReadingFormValues = {
  accountId: string;
  gatewayId: string;
  deviceId: string;
  date: string;
  /** One entry per measurement point of the chosen meter, the value as typed. */
  readings: { deviceItemId: number; value: string }[];
  /** Chosen under `Flere valg` (issue 37); absent: `Periodisk`. */
  reason?: ClientReadingReason;
};

/** Values that passed the rules, each measurement trimmed (`toValidReadingForm`). */
export type ValidReadingForm = ReadingFormValues;

/** A field of the form, by the path its error is kept under. */
export type ReadingField = 'accountId' | 'gatewayId' | 'deviceId' | 'date' | `readings.${number}.value`;

/** Field → Danish error in form order; `readings` when the meter has no measurement points. */
export type ReadingFormErrors = ReadonlyMap<ReadingField | 'readings', string>;

/** Digits with one optional decimal part, of any length: what READING_VALUE_PATTERN caps. */
const UNBOUNDED_DECIMAL = /^\d+(?:[.,]\d+)?$/;

/** The Danish error for a typed measurement (already trimmed), or null when it is a valid reading. */
export function readingValueError(value: string): string | null {
  if (value === '') return messages.valueRequired;
  if (READING_VALUE_PATTERN.test(value)) return null;
  return UNBOUNDED_DECIMAL.test(value) ? messages.valueTooLong : messages.valueNotANumber;
}

/**
 * The home form's rules (spec §5): account, location, meter and date required, the date within the
 * allowed range up to `todayIso` (the Danish today), and every measurement a number by the contract's
 * rule. `refusals` are the register's hard rules (ADR 020); a field keeps its own error first.
 */
export function readingFormErrors(
  values: ReadingFormValues,
  todayIso: string,
  refusals: ReadonlyMap<ReadingField, string> = new Map(),
): ReadingFormErrors {
  const errors = new Map<ReadingField | 'readings', string>();
  // In form order, so that the first error is the first field with one.
  const judge = (field: ReadingField, own: string | null) => {
    const error = own ?? refusals.get(field);
    if (error !== undefined) errors.set(field, error);
  };
  judge('accountId', values.accountId === '' ? messages.accountRequired : null);
  judge('gatewayId', values.gatewayId === '' ? messages.locationRequired : null);
  judge('deviceId', values.deviceId === '' ? messages.meterRequired : null);
  if (values.date === '') judge('date', messages.dateRequired);
  else judge('date', isReadingDateAllowed(values.date, todayIso) ? null : messages.dateOutOfRange);
  if (values.readings.length === 0) errors.set('readings', messages.noMeasurementPoints);
  values.readings.forEach((reading, index) => {
    judge(`readings.${index}.value`, readingValueError(reading.value.trim()));
  });
  return errors;
}

/** The values as sent, once `readingFormErrors` found nothing. */
export function toValidReadingForm(values: ReadingFormValues): ValidReadingForm {
  const readings = values.readings.map((reading) => ({ ...reading, value: reading.value.trim() }));
  return { ...values, readings };
}

export function emptyReadingForm(accountId: string, todayIso: string): ReadingFormValues {
  return { accountId, gatewayId: '', deviceId: '', date: todayIso, readings: [] };
}
