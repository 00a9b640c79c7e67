import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Moves focus to an element once React has rendered the current changes, e.g. to a button that is
 * enabled again or a select that has just been filled.
 */
export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const [target, setTarget] = useState<RefObject<HTMLElement | null> | null>(null);

  useEffect(() => {
    if (!target) return;
    target.current?.focus();
    setTarget(null);
  }, [target]);

  return useCallback((next: RefObject<HTMLElement | null>) => setTarget(next), []);
}
