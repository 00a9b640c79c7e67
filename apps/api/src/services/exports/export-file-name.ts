import type { LabelledPeriod, ReadingPeriod } from '@maaler/contract';

const TRANSLITERATED: Record<string, string> = { æ: 'ae', ø: 'oe', å: 'aa' };

/**
 * `<what>-<account>-<period>.<ext>`, in plain ASCII: `aflaesninger-soparken-afdeling-1-2026-11.csv`.
 */
export function exportFileName(
  what: 'aflaesninger' | 'forbrug-pr-maaned',
  accountName: string,
  period: LabelledPeriod,
  kind: ReadingPeriod,
  extension: string,
): string {
  const account =
    accountName
      .toLowerCase()
      .replace(/[æøå]/g, (letter) => TRANSLITERATED[letter] ?? '')
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'konto';
  const year = period.start.slice(0, 4);
  const month = Number(period.start.slice(5, 7));
  const when =
    kind === 'yearly'
      ? year
      : kind === 'quarterly'
        ? `${year}-k${(month + 2) / 3}`
        : period.start.slice(0, 7);
  return `${what}-${account}-${when}.${extension}`;
}
