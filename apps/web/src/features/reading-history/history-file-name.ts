import { readingHistoryMessages as messages } from './messages';

/** `historik-<meter>-<YYYY-MM-DD>.csv`, the meter's name reduced to letters, digits and dashes. */
export function historyFileName(meterName: string, todayIso: string): string {
  const meter = meterName
    .toLocaleLowerCase('da-DK')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return messages.csvFileName(meter || 'maaler', todayIso);
}
