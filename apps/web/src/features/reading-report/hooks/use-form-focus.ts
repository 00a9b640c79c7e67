import { useCallback, useEffect, useRef, useState } from 'react';
import { useFocusAfterRender } from './use-focus-after-render';

/**
 * Where the focus goes in the home form (spec §4, WCAG 2.4.3): back to SEND after a failed save, to
 * the meter once the location is chosen again after a save, to the warnings when SEND was stopped by
 * them, back to the account select once an account has loaded, and into the first value when route
 * mode chose the meter.
 */
export function useFormFocus() {
  const account = useRef<HTMLSelectElement | null>(null);
  const meter = useRef<HTMLSelectElement | null>(null);
  const send = useRef<HTMLButtonElement | null>(null);
  const warnings = useRef<HTMLHeadingElement | null>(null);
  const focusAfterRender = useFocusAfterRender();
  // The first value's input exists only after the render that gives the meter its points.
  const [firstValueWanted, setFirstValueWanted] = useState(0);
  useEffect(() => {
    if (firstValueWanted === 0) return;
    document.querySelector<HTMLInputElement>('.measurement-field input')?.focus();
  }, [firstValueWanted]);

  return {
    refs: { account, meter, send, warnings },
    afterFailedSave: useCallback(() => focusAfterRender(send), [focusAfterRender]),
    afterLocationRestored: useCallback(() => focusAfterRender(meter), [focusAfterRender]),
    afterWarned: useCallback(() => focusAfterRender(warnings), [focusAfterRender]),
    afterAccountLoaded: useCallback(() => focusAfterRender(account), [focusAfterRender]),
    firstValue: useCallback(() => setFirstValueWanted((count) => count + 1), []),
  };
}

export type FormFocus = ReturnType<typeof useFormFocus>;
