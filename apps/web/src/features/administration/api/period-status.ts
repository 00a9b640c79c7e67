import { PeriodStatus } from '@maaler/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';

/** Query string of a period: any day in it; none for the current period. */
export const periodQuery = (date: string | null): string => (date ? `?date=${encodeURIComponent(date)}` : '');

/** GET /api/admin/periodstatus/{accountId}: the period's counts, per location, and what is missing. */
export function usePeriodStatus(accountId: string, date: string | null) {
  return useQuery({
    queryKey: ['admin', 'period-status', accountId, date],
    queryFn: () =>
      api.get(`/api/admin/periodstatus/${encodeURIComponent(accountId)}${periodQuery(date)}`, PeriodStatus),
    enabled: accountId !== '',
    // The screen keeps the last period's figures while the next loads, so it does not jump.
    placeholderData: keepPreviousData,
  });
}
