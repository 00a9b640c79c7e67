import Papa from 'papaparse';
import type { LineSink, ReadOutcome } from './file-lines.ts';

// A CSV as Danish Excel writes it (`;`, UTF-8 or Windows-1252), record by record (ADR 028): papaparse's
// step mode hands one record at a time, and the reader stops as soon as the caller has enough.

/** UTF-8 (with or without BOM); else Windows-1252, which Danish Excel's "CSV (semikolonsepareret)" writes. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function readCsvLines(bytes: Buffer, sink: LineSink): ReadOutcome {
  const text = decodeText(bytes);
  let number = 0;
  let openQuote = false;
  Papa.parse<string[]>(text, {
    delimiter: separatorOf(text),
    step: (results, parser) => {
      // A quote left open swallows the rest of the file; other papaparse errors (ragged rows) are harmless.
      if (results.errors.some((error) => error.type === 'Quotes')) {
        openQuote = true;
        parser.abort();
        return;
      }
      // Record n is line n; a quoted field spanning lines is rare enough in these files to accept the offset.
      number++;
      if (sink({ number, cells: results.data }) === 'stop') parser.abort();
    },
  });
  return openQuote ? { kind: 'unreadable' } : { kind: 'read' };
}

/**
 * The separator the heading row uses most (`;` as Danish Excel writes, `,` or tab); the headings hold
 * none of them. papaparse's own guess needs several consistent rows and fails on short files.
 */
function separatorOf(text: string): string {
  const heading = text.slice(0, text.search(/\r?\n|$/));
  const count = (separator: string) => heading.split(separator).length;
  return [',', '\t'].reduce((best, separator) => (count(separator) > count(best) ? separator : best), ';');
}
