import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/http/query-client';

export { checkSessionCopies } from '@/lib/browser-storage/schema-checked-keys';

/**
 * The query cache for the screens that load server data. Only signed-in screens do, so TanStack
 * Query loads with them instead of with the login screen.
 */
export function Component({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
