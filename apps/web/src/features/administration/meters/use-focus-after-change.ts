import { useEffect, useRef } from 'react';

/** Focuses the first of these buttons that is there and enabled; false when none is. */
function focusFirst(ids: readonly string[]): boolean {
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element instanceof HTMLButtonElement && !element.disabled) {
      element.focus();
      return true;
    }
  }
  return false;
}

/**
 * Where the focus goes once the list shows a change (a moved item is re-placed in the page, a form
 * closes): the buttons given to the returned function, tried after each render until one of them is
 * there and enabled, or given up once `settled` (nothing more is loading) and none is.
 */
export function useFocusAfterChange(settled: boolean): (...ids: string[]) => void {
  const focusNext = useRef<string[]>([]);
  useEffect(() => {
    if (focusNext.current.length === 0) return;
    if (focusFirst(focusNext.current) || settled) focusNext.current = [];
  });
  return (...ids: string[]) => {
    focusNext.current = ids;
  };
}
