import type { GuaranteedHistoryList, HistoryRequest } from '@maaler/contract';
import { useEffect, useState } from 'react';
import { fetchReadingHistory } from '@/lib/server-data/reading-history-api';

// The history answers a meter's newest dates (ADR 053); the dialog loads the ones before them on
// `Vis ældre`. Plain state rather than another kind of query: every part of @tanstack/react-query the
// app uses is in the first load, and these pages are only ever wanted in the (lazy) dialog.

/**
 * The `before` of the page after this one: its oldest date, when some point has older readings (its
 * oldest reading on the page carries its `Earliest`); undefined when the page reaches back to the start.
 */
export function olderPageBefore(page: GuaranteedHistoryList): string | undefined {
  if (!page.some((entry) => entry.Earliest)) return undefined;
  return page.at(-1)?.DateRecord;
}

export type OlderPages = {
  /** The pages loaded after the first, oldest last. */
  pages: GuaranteedHistoryList[];
  /** Whether there are older readings still to load. */
  more: boolean;
  loading: boolean;
  error: unknown;
  loadMore: () => void;
};

/** The pages before `first` (the meter's first page), one more on each `loadMore`; none again when `first` changes. */
export function useOlderPages(
  accountId: string,
  meter: HistoryRequest,
  first: GuaranteedHistoryList | undefined,
): OlderPages {
  const [pages, setPages] = useState<GuaranteedHistoryList[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // A new first page (after a save) may have moved the dates: start again from it.
  useEffect(() => {
    if (first) setPages([]);
  }, [first]);
  const last = pages.at(-1) ?? first;
  const before = last ? olderPageBefore(last) : undefined;
  const loadMore = () => {
    if (before === undefined || loading) return;
    setLoading(true);
    setError(null);
    fetchReadingHistory(accountId, { ...meter, before })
      .then((page) => setPages((loaded) => [...loaded, page]))
      .catch((failure: unknown) => setError(failure))
      .finally(() => setLoading(false));
  };
  return { pages, more: before !== undefined, loading, error, loadMore };
}
