import type { ReactNode } from 'react';
import { AlertBanner } from '@/features/alerts/components/alert-banner';
import { useClearAlertsOnRouteChange } from '@/features/alerts/hooks/use-clear-alerts-on-route-change';
import { OfflineSessionBanner } from '@/features/auth/components/offline-session-banner';
import { useActivityTracker } from '@/features/auth/hooks/use-activity-tracker';
import { useSessionWatcher } from '@/features/auth/hooks/use-session-watcher';
import { SessionTimeout } from '@/features/session-timeout/components/session-timeout';
import { useVersionCheck } from '@/features/version-check/hooks/use-version-check';
import { useFocusHeadingOnRouteChange } from '../use-focus-heading-on-route-change';

/** Wraps every screen: global overlays and the app-wide watchers (the footer comes with the screen). */
export function RootLayout({ children }: { children: ReactNode }) {
  useSessionWatcher();
  useActivityTracker();
  useVersionCheck();
  useClearAlertsOnRouteChange();
  useFocusHeadingOnRouteChange();

  return (
    <>
      <AlertBanner />
      <OfflineSessionBanner />
      {children}
      <SessionTimeout />
    </>
  );
}
