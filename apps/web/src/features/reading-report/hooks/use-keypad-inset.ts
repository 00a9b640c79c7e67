import { useEffect } from 'react';

const INSET_PROPERTY = '--keypad-inset';

/**
 * While `active`, keeps `--keypad-inset` on the root at the height the on-screen keypad covers of the
 * layout viewport. iOS Safari lays the page out behind its keypad (only the visual viewport shrinks), so
 * a sticky `bottom: 0` alone would sit under it; browsers that shrink the layout viewport give 0.
 */
export function useKeypadInset(active: boolean): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!active || !viewport) return;
    const root = document.documentElement;
    const update = () => {
      const covered = window.innerHeight - viewport.height - viewport.offsetTop;
      root.style.setProperty(INSET_PROPERTY, `${Math.max(0, Math.round(covered))}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
      root.style.removeProperty(INSET_PROPERTY);
    };
  }, [active]);
}
