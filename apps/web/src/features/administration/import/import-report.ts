import type { ImportRowError } from '@maaler/contract';
import { importMessages as messages } from './import-messages';

/** Quoted when it holds the separator, a quote or a line break; a would-be formula gets an apostrophe. */
function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** 'Fejlrapport': the dry run's bad rows as CSV for Danish Excel (BOM, `;`, CRLF). */
export function errorReportCsv(errors: readonly ImportRowError[]): string {
  const rows = [
    [messages.line, messages.column, messages.reason],
    ...errors.map((error) => [String(error.line), error.column ?? '', error.message]),
  ];
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
