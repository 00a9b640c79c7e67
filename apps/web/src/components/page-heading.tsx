import type { ReactNode } from 'react';

/**
 * The page's one h1. It can take focus (tabIndex -1), so that focus moves to it on a route change and
 * screen readers announce the new page.
 */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <h1 tabIndex={-1} className={className ?? 'h3 mb-3'} data-page-heading="">
      {children}
    </h1>
  );
}
