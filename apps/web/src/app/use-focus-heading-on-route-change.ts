import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { sectionedScreens } from '@/config/paths';

/** The screen a path shows: a sectioned screen's own path for each of its sections. */
function screenOf(path: string): string {
  return sectionedScreens.find((screen) => path.startsWith(`${screen}/`)) ?? path;
}

/**
 * After a client-side route change, moves focus to the new page's h1, so keyboard and screen-reader
 * users start at the top of the new screen. A change of section within one screen (Administration)
 * moves it to the new section's heading instead: the screen's top, its h1 and navigation, stayed the
 * same. The first page load keeps the browser's own focus.
 */
export function useFocusHeadingOnRouteChange(): void {
  const [pathname] = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    const sameScreen = screenOf(previous.current) === screenOf(pathname);
    previous.current = pathname;
    const frame = window.requestAnimationFrame(() => {
      const section = sameScreen ? document.querySelector<HTMLElement>('[data-section-heading]') : null;
      (section ?? document.querySelector<HTMLElement>('h1[data-page-heading]'))?.focus();
    });
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);
}
