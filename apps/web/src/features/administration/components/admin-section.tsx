import type { ReactNode } from 'react';

/**
 * One section of Administration: a region named by its h2, busy while its data reloads. The h2 takes
 * the focus when the administrator moves to the section (app/use-focus-heading-on-route-change.ts).
 */
export function AdminSection({
  headingId,
  heading,
  busy,
  action,
  children,
}: {
  headingId: string;
  heading: string;
  busy?: boolean;
  /** A button beside the heading, e.g. `Ny bruger`. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} aria-busy={busy}>
      <div className="d-flex align-items-center justify-content-between gap-2 mb-3">
        <h2 id={headingId} className="h5 mb-0" tabIndex={-1} data-section-heading="">
          {heading}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
