import { isReadingDateAllowed, READING_VALUE_PATTERN } from '@maaler/contract';
import { z } from '@/lib/zod';
import { readingReportMessages as messages } from './messages';

/** Digits with one optional decimal part, of any length: what READING_VALUE_PATTERN caps. */
const UNBOUNDED_DECIMAL = /^\d+(?:[.,]\d+)?$/;

/** The Danish error for a typed measurement (already trimmed), or null when it is a valid reading. */
export function readingValueError(value: string): string | null {
  if (value === '') return messages.valueRequired;
  if (READING_VALUE_PATTERN.test(value)) return null;
  return UNBOUNDED_DECIMAL.test(value) ? messages.valueTooLong : messages.valueNotANumber;
}

const ReadingValue = z
  .string()
  .trim()
  .check((ctx) => {
    const error = readingValueError(ctx.value);
    if (error !== null) ctx.issues.push({ code: 'custom', message: error, input: ctx.value });
  });

/** One input per measurement point of the chosen meter. */
const MeasurementEntry = z.object({ deviceItemId: z.number(), value: ReadingValue });

/**
 * The home form (spec §5): account, location, meter and date required, and every measurement a
 * number by the contract's rule. `todayIso` is the Danish today, the latest date allowed.
 */
export function buildReadingFormSchema(todayIso: string) {
  return z.object({
    accountId: z.string().min(1, { error: messages.accountRequired }),
    gatewayId: z.string().min(1, { error: messages.locationRequired }),
    deviceId: z.string().min(1, { error: messages.meterRequired }),
    date: z
      .string()
      .min(1, { error: messages.dateRequired, abort: true })
      .refine((iso) => isReadingDateAllowed(iso, todayIso), { error: messages.dateOutOfRange }),
    readings: z.array(MeasurementEntry).min(1, { error: messages.noMeasurementPoints }),
  });
}

export type ReadingFormSchema = ReturnType<typeof buildReadingFormSchema>;
/** The form's values as the inputs hold them: ids as select values, the date as `YYYY-MM-DD`. */
export type ReadingFormValues = z.input<ReadingFormSchema>;
/** Values that passed the schema (measurements trimmed). */
export type ValidReadingForm = z.output<ReadingFormSchema>;

export function emptyReadingForm(accountId: string, todayIso: string): ReadingFormValues {
  return { accountId, gatewayId: '', deviceId: '', date: todayIso, readings: [] };
}
