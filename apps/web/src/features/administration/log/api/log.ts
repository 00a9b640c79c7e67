import { AdminLogPage, type AuditEventName } from '@maaler/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';

/** What `Log` is narrowed to; empty strings mean no filter. */
export type LogFilters = { user: string; event: AuditEventName | ''; from: string; to: string };

/** GET /api/admin/log: one page of the customers' events, newest first. */
export function useLogPage(filters: LogFilters, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  for (const [name, value] of Object.entries(filters)) if (value !== '') query.set(name, value);
  return useQuery({
    queryKey: ['admin', 'log', filters, page],
    queryFn: () => api.get(`/api/admin/log?${query.toString()}`, AdminLogPage),
    placeholderData: keepPreviousData,
  });
}
