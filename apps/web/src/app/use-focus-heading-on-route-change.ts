import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * After a client-side route change, moves focus to the new page's h1, so keyboard and screen-reader
 * users start at the top of the new screen. The first page load keeps the browser's own focus.
 */
export function useFocusHeadingOnRouteChange(): void {
  const [pathname] = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const frame = window.requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('h1[data-page-heading]')?.focus();
    });
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);
}
