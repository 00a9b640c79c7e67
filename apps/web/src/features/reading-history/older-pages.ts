import type { GuaranteedHistoryList, HistoryRequest } from '@maaler/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchReadingHistory, readingHistoryAccountKey } from '@/lib/server-data/reading-history-api';

// The history answers a meter's newest dates (ADR 053); the dialog loads the ones before them on
// `Vis ældre`. Here and not beside the first page's query, so the first load carries none of it.

/**
 * The `before` of the page after this one: its oldest date, when some point has older readings (its
 * oldest reading on the page carries its `Earliest`); undefined when the page reaches back to the start.
 */
export function olderPageBefore(page: GuaranteedHistoryList): string | undefined {
  if (!page.some((entry) => entry.Earliest)) return undefined;
  return page.at(-1)?.DateRecord;
}

/**
 * The pages older than `before` (the first page's oldest date), one more on each `fetchNextPage`; not
 * loaded until `wanted`. Under the meter's history key, so a save or a sync marks them stale too.
 */
export function useOlderReadingHistory(
  accountId: string,
  meter: HistoryRequest,
  before: string | undefined,
  wanted: boolean,
) {
  return useInfiniteQuery({
    queryKey: [
      ...readingHistoryAccountKey(accountId),
      meter.gatewayId,
      meter.deviceId,
      'older',
      before,
    ] as const,
    queryFn: ({ pageParam }) => fetchReadingHistory(accountId, { ...meter, before: pageParam }),
    initialPageParam: before ?? '',
    getNextPageParam: olderPageBefore,
    enabled: wanted && before !== undefined,
  });
}
