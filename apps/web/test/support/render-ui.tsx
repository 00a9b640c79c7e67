import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

/**
 * A query client for one test: data a test puts in its cache stays fresh (nothing is fetched again,
 * so nothing goes to a network), and a query that does fail is not retried.
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/**
 * Renders a component as the user meets it, with a query client of its own (`testQueryClient`, or one
 * the test filled) and a user-event session that types and tabs like a keyboard.
 */
export function renderUi(ui: ReactElement, { queryClient = testQueryClient() } = {}) {
  // No pause between keys: a timer per key is what a loaded machine makes slow, and React renders
  // every key's change anyway (Testing Library wraps each event in act).
  const user = userEvent.setup({ delay: null });
  // A wrapper rather than a parent, so that `rerender` keeps the query client.
  const view = render(ui, {
    wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  });
  return { user, queryClient, ...view };
}
