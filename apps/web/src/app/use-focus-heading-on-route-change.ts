import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { sectionedScreens } from '@/config/paths';

/** The screen a path shows: a sectioned screen's own path for each of its sections. */
function screenOf(path: string): string {
  return sectionedScreens.find((screen) => path.startsWith(`${screen}/`)) ?? path;
}

/** How long a section's heading is waited for: its account may still be loading (Administration). */
const SECTION_WAIT_MS = 10_000;

/** Whether the user has put the focus anywhere since the route change (we only move it from these). */
const focusUntouched = (pageHeading: HTMLElement | null) =>
  document.activeElement === document.body ||
  document.activeElement === null ||
  document.activeElement === pageHeading;

/**
 * After a client-side route change, moves focus to the new page's h1, so keyboard and screen-reader
 * users start at the top of the new screen. A change of section within one screen (Administration)
 * moves it to the new section's heading instead: the screen's top, its h1 and navigation, stayed the
 * same. A section that renders only once its data is there (its account still loading) has no heading
 * yet: the h1 takes the focus meanwhile, and the section's heading when it appears, unless the user has
 * moved the focus themselves. The first page load keeps the browser's own focus.
 */
export function useFocusHeadingOnRouteChange(): void {
  const [pathname] = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    const sameScreen = screenOf(previous.current) === screenOf(pathname);
    previous.current = pathname;
    let observer: MutationObserver | undefined;
    let timeout: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      const pageHeading = document.querySelector<HTMLElement>('h1[data-page-heading]');
      const sectionHeading = () => document.querySelector<HTMLElement>('[data-section-heading]');
      const section = sameScreen ? sectionHeading() : null;
      (section ?? pageHeading)?.focus();
      if (!sameScreen || section) return;
      observer = new MutationObserver(() => {
        const appeared = sectionHeading();
        if (!appeared) return;
        observer?.disconnect();
        if (focusUntouched(pageHeading)) appeared.focus();
      });
      observer.observe(document.body, { childList: true, subtree: true });
      timeout = window.setTimeout(() => observer?.disconnect(), SECTION_WAIT_MS);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      observer?.disconnect();
      window.clearTimeout(timeout);
    };
  }, [pathname]);
}
