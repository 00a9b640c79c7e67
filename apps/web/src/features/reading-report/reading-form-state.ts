import type { ReadingField, ReadingFormValues } from './reading-form-rules';

/** The home form's values and the fields the user has been in (an error shows only there). */
export type ReadingFormState = { values: ReadingFormValues; touched: ReadonlySet<ReadingField> };

/** Fields to mark as visited, and fields to mark as not visited (untouched first). */
export type TouchMarks = { touch?: readonly ReadingField[]; untouch?: readonly ReadingField[] };

/** The choices of the form, set without touching the measurements. */
export type ChoiceField = 'accountId' | 'gatewayId' | 'deviceId' | 'date' | 'reason';

const isReadingPath = (field: ReadingField) => field.startsWith('readings.');

/** The visited fields after `marks`; the same set when the marks name nothing. */
export function withMarks(touched: ReadonlySet<ReadingField>, { touch = [], untouch = [] }: TouchMarks) {
  if (touch.length === 0 && untouch.length === 0) return touched;
  const next = new Set(touched);
  for (const field of untouch) next.delete(field);
  for (const field of touch) next.add(field);
  return next;
}

/** Other choices (not the measurements), with fields marked as visited or not. */
export function withChoices(
  { values, touched }: ReadingFormState,
  patch: Partial<Pick<ReadingFormValues, ChoiceField>>,
  marks: TouchMarks = {},
): ReadingFormState {
  return { values: { ...values, ...patch }, touched: withMarks(touched, marks) };
}

/** Another meter's measurement points: none of their inputs has been visited yet. */
export function withReadings(
  { values, touched }: ReadingFormState,
  readings: ReadingFormValues['readings'],
): ReadingFormState {
  const kept = new Set([...touched].filter((field) => !isReadingPath(field)));
  return { values: { ...values, readings }, touched: kept };
}

/** The value typed for the measurement at `index`. */
export function withReadingValue({ values, touched }: ReadingFormState, index: number, value: string) {
  const readings = values.readings.map((reading, at) => (at === index ? { ...reading, value } : reading));
  return { values: { ...values, readings }, touched };
}

/** The fields marked as visited; the same state when they all were already (nothing to render). */
export function withTouched(state: ReadingFormState, fields: readonly ReadingField[]): ReadingFormState {
  if (fields.every((field) => state.touched.has(field))) return state;
  return { values: state.values, touched: withMarks(state.touched, { touch: fields }) };
}
