import { useMemo, useRef, useState } from 'react';
import type { ReadingField, ReadingFormValues } from '../reading-form-rules';
import {
  type ChoiceField,
  type ReadingFormState as FormState,
  type TouchMarks,
  withChoices,
  withReadings,
  withReadingValue,
  withTouched,
} from '../reading-form-state';

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
      if (next === latest.current) return;
      latest.current = next;
      setState(next);
    };
    return {
      getValues: (): ReadingFormValues => latest.current.values,
      /** Sets choices (not the measurements) and marks fields as visited or not. */
      change(patch: Partial<Pick<ReadingFormValues, ChoiceField>>, marks: TouchMarks = {}) {
        commit(withChoices(latest.current, patch, marks));
      },
      /** New measurement points (another meter): none of their inputs has been visited yet. */
      replaceReadings(readings: ReadingFormValues['readings']) {
        commit(withReadings(latest.current, readings));
      },
      setReadingValue(index: number, value: string) {
        commit(withReadingValue(latest.current, index, value));
      },
      touch(...fields: ReadingField[]) {
        commit(withTouched(latest.current, fields));
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
