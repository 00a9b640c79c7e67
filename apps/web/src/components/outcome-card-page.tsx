import type { ReactNode } from 'react';
import { CenteredPage } from './centered-page';
import { PageHeading } from './page-heading';

/**
 * A page of one form reached without signing in (a link, or `Glemt adgangskode?`): one card with its
 * heading, the outcome announced in a status region, a refusal as an alert, then the form.
 */
export function OutcomeCardPage({
  title,
  heading = title,
  status,
  failure,
  children,
}: {
  title: string;
  heading?: string;
  /** What the status region announces (success, loading); empty keeps the region in place. */
  status: ReactNode;
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <CenteredPage title={title}>
      <div className="card shadow-sm">
        <div className="card-body p-4">
          <PageHeading>{heading}</PageHeading>
          <div role="status">{status}</div>
          {failure !== null && (
            <div className="alert alert-danger" role="alert">
              {failure}
            </div>
          )}
          {children}
        </div>
      </div>
    </CenteredPage>
  );
}
