import { useEffect } from 'react';
import { useKeypadInset } from '../hooks/use-keypad-inset';
import { CascadeSummary, type CascadeSummaryProps } from './cascade-summary';

/**
 * Route mode's layout (ADR 032): the cascade in one line, `SEND` kept above the keypad. Loaded only
 * once a route is walked, so the first load of `/home` does not carry it.
 */
export default function RouteLayoutBar(props: CascadeSummaryProps) {
  useKeypadInset(true);
  useEffect(() => {
    document.body.classList.add('route-layout');
    return () => document.body.classList.remove('route-layout');
  }, []);
  return <CascadeSummary {...props} />;
}
