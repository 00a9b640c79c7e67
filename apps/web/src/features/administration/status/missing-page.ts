/**
 * One page of `Mangler aflæsning`: how many pages the list makes, the page shown (the last one when
 * fewer points are missing than when the administrator paged, after an estimate or a reading) and its rows.
 */
export function missingPage<T>(
  missing: readonly T[],
  page: number,
  perPage: number,
): { pages: number; current: number; shown: T[] } {
  const pages = Math.ceil(missing.length / perPage);
  const current = Math.min(page, pages);
  return { pages, current, shown: missing.slice((current - 1) * perPage, current * perPage) };
}
