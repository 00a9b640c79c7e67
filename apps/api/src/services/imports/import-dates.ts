import { isIsoDate, parseDanishDate } from '@maaler/contract';

/** `DD-MM-YYYY` (also with `.` or `/`) or ISO `YYYY-MM-DD` → ISO, else null. */
export function parseImportDate(text: string): string | null {
  if (isIsoDate(text)) return text;
  return parseDanishDate(text.replace(/[./]/g, '-'));
}
