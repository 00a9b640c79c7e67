import { useMemo, useRef, useState } from 'react';
import type { ReadingField, ReadingFormValues } from '../reading-form-rules';

type FormState = { values: ReadingFormValues; touched: ReadonlySet<ReadingField> };
type Marks = { touch?: readonly ReadingField[]; untouch?: readonly ReadingField[] };
type ChoiceField = 'accountId' | 'gatewayId' | 'deviceId' | 'date';

const isReadingPath = (field: ReadingField) => field.startsWith('readings.');

function marked(touched: ReadonlySet<ReadingField>, { touch = [], untouch = [] }: Marks) {
  if (touch.length === 0 && untouch.length === 0) return touched;
  const next = new Set(touched);
  for (const field of untouch) next.delete(field);
  for (const field of touch) next.add(field);
  return next;
}

/**
 * The home form's values and which fields the user has been in (an error shows only there). Every
 * change goes through these actions, which read the latest state synchronously, so a handler that
 * changes a field and then reads the form sees its own change. The errors are derived from the values
 * on render (`readingFormErrors`), so they are never stale.
 */
export function useReadingFormState(initial: () => ReadingFormValues) {
  const [state, setState] = useState<FormState>(() => ({ values: initial(), touched: new Set() }));
  const latest = useRef(state);

  const actions = useMemo(() => {
    const commit = (next: FormState) => {
      latest.current = next;
      setState(next);
    };
    return {
      getValues: (): ReadingFormValues => latest.current.values,
      /** Sets choices (not the measurements) and marks fields as visited or not. */
      change(patch: Partial<Pick<ReadingFormValues, ChoiceField>>, marks: Marks = {}) {
        const { values, touched } = latest.current;
        commit({ values: { ...values, ...patch }, touched: marked(touched, marks) });
      },
      /** New measurement points (another meter): none of their inputs has been visited yet. */
      replaceReadings(readings: ReadingFormValues['readings']) {
        const { values, touched } = latest.current;
        const kept = new Set([...touched].filter((field) => !isReadingPath(field)));
        commit({ values: { ...values, readings }, touched: kept });
      },
      setReadingValue(index: number, value: string) {
        const { values, touched } = latest.current;
        const readings = values.readings.map((reading, at) =>
          at === index ? { ...reading, value } : reading,
        );
        commit({ values: { ...values, readings }, touched });
      },
      touch(...fields: ReadingField[]) {
        const { values, touched } = latest.current;
        if (fields.every((field) => touched.has(field))) return;
        commit({ values, touched: marked(touched, { touch: fields }) });
      },
      /** Other values altogether; only `touched` counts as visited. */
      reset(values: ReadingFormValues, touched: readonly ReadingField[] = []) {
        commit({ values, touched: new Set(touched) });
      },
    };
  }, []);

  return {
    values: state.values,
    isTouched: (field: ReadingField) => state.touched.has(field),
    ...actions,
  };
}

export type ReadingFormState = ReturnType<typeof useReadingFormState>;
