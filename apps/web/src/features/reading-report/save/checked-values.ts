import {
  type ReadingField,
  type ReadingFormErrors,
  type ReadingFormValues,
  toValidReadingForm,
  type ValidReadingForm,
} from '../reading-form-rules';

/** The values to send, or the field to focus first (none when only the meter lacks points). */
export type CheckedValues = { values: ValidReadingForm } | { firstError: ReadingField | undefined };

/** What a press of SEND finds in the form: values that passed the rules, or the first field to fix. */
export function checkedValues(values: ReadingFormValues, errors: ReadingFormErrors): CheckedValues {
  if (errors.size === 0) return { values: toValidReadingForm(values) };
  return { firstError: [...errors.keys()].find((field): field is ReadingField => field !== 'readings') };
}
