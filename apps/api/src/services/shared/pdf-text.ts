import type { PDFFont } from 'pdf-lib';

/**
 * Text a standard PDF font (WinAnsi) can write: a character it cannot becomes `?`, so one odd name
 * does not fail a whole printed letter or route.
 */
export function writable(font: PDFFont, text: string): string {
  return [...text]
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');
}
