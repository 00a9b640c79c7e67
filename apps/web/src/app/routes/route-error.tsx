import { useEffect } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { CenteredPage } from '@/components/centered-page';
import { PageHeading } from '@/components/page-heading';
import { commonMessages } from '@/lib/messages';

/**
 * Shown when a screen fails to load or render, e.g. when a new build replaced the code this page
 * asked for: reloading gets the current build.
 */
export function RouteError({ error }: FallbackProps) {
  useEffect(() => console.error(error), [error]);
  return (
    <CenteredPage title={commonMessages.genericError}>
      <PageHeading>{commonMessages.genericError}</PageHeading>
      {/* Bootstrap's markup without react-bootstrap: this screen is part of the first load. */}
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {commonMessages.reload}
      </button>
    </CenteredPage>
  );
}
