import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { OfflineSessionBanner } from '@/features/auth/components/offline-session-banner';
import { queryClient } from '@/lib/http/query-client';

/**
 * The query cache for the screens that load server data. Only signed-in screens do, so TanStack
 * Query loads with them instead of with the login screen. Every signed-in screen says when it runs
 * on an offline sign-in (ADR 034).
 */
export function Component({ children }: { children?: ReactNode }) {
  // After the first paint: a session can only end by a user's action or the watcher after that.
  useEffect(() => {
    void import('@/features/auth/forget-offline-sign-in-on-reset');
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineSessionBanner />
      {children}
    </QueryClientProvider>
  );
}
