import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { useRouteError } from 'react-router';
import { CenteredPage } from '@/components/centered-page';
import { PageHeading } from '@/components/page-heading';
import { commonMessages } from '@/lib/messages';

/**
 * Shown when a screen fails to load or render, e.g. when a new build replaced the code this page
 * asked for: reloading gets the current build.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <CenteredPage title={commonMessages.genericError}>
      <PageHeading>{commonMessages.genericError}</PageHeading>
      <Button onClick={() => window.location.reload()}>{commonMessages.reload}</Button>
    </CenteredPage>
  );
}
