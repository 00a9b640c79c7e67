import { lazy } from 'react';
import { DialogButton } from '@/components/dialog-button';
import { errorMessage } from '@/lib/messages';
import type { RouteMode } from '../hooks/use-route-mode';
import { routeMessages as messages } from '../messages';

// Loads when the route is first opened, not with the home screen.
const RouteDialog = lazy(() => import('./route-dialog'));

/** 'Rute' (issue 17): opens the chosen account's route. */
export function RouteButton({
  accountId,
  route,
  disabled,
}: {
  accountId: string;
  route: RouteMode;
  disabled: boolean;
}) {
  return (
    <DialogButton
      label={messages.route}
      open={route.dialogOpen}
      onOpen={route.openDialog}
      onClose={route.closeDialog}
      disabled={disabled}
      keepFocusOnPress
      loadingText={messages.loading}
      renderDialog={(close) => (
        <RouteDialog
          accountId={accountId}
          meters={route.meters}
          error={route.statusError ? errorMessage(route.statusError) : null}
          onChoose={route.choose}
          onClose={close}
        />
      )}
    />
  );
}
