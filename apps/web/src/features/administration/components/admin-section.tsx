import type { ReactNode } from 'react';

/** One section of the Administration page: a region named by its h2, busy while its data reloads. */
export function AdminSection({
  headingId,
  heading,
  busy,
  children,
}: {
  headingId: string;
  heading: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId} className="h5">
        {heading}
      </h2>
      {children}
    </section>
  );
}
