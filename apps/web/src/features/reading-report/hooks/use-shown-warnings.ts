import { useEffect, useState } from 'react';
import type { PointWarning } from '../plausibility-warnings';
import type { ReadingFormValues } from '../reading-form-rules';

/** Warnings for the values as they were when SEND was pressed. */
type ShownWarnings = { points: PointWarning[]; values: string };

/** The plausibility warnings shown under the form; any change to the form takes them away. */
export function useShownWarnings(current: ReadingFormValues) {
  const [shown, setShown] = useState<ShownWarnings | null>(null);

  useEffect(() => {
    if (shown !== null && JSON.stringify(current) !== shown.values) setShown(null);
  }, [shown, current]);

  return {
    points: shown?.points ?? [],
    show: (points: PointWarning[], values: ReadingFormValues) =>
      setShown({ points, values: JSON.stringify(values) }),
    clear: () => setShown(null),
  };
}
