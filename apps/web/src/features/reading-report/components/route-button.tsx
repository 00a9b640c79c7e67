import { lazy, Suspense, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/lib/messages';
import type { RouteMode } from '../hooks/use-route-mode';
import { routeMessages as messages } from '../messages';

// Loads when the route is first opened, not with the home screen.
const RouteDialog = lazy(() => import('./route-dialog'));

/** 'Rute' (issue 17): opens the chosen account's route. */
export function RouteButton({ route, disabled }: { route: RouteMode; disabled: boolean }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    route.closeDialog();
    buttonRef.current?.focus();
  };
  return (
    <>
      <Button
        ref={buttonRef}
        variant="outline-primary"
        size="lg"
        className="flex-fill"
        onClick={route.openDialog}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={route.dialogOpen}
      >
        {messages.route}
      </Button>
      {route.dialogOpen && (
        <Suspense fallback={<p role="status">{messages.loading}</p>}>
          <RouteDialog
            meters={route.meters}
            error={route.statusError ? errorMessage(route.statusError) : null}
            onChoose={route.choose}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
