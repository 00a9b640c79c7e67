import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import type { LineSink, ReadOutcome } from './file-lines.ts';
import { readXlsxParts } from './xlsx-parts.ts';

// The first sheet of an .xlsx, row by row, through ExcelJS's streaming reader (ADR 028): only the
// checked parts are handed to it, repacked without compression, in the order that lets it stream the
// sheet (shared strings and styles first; otherwise it would park the sheet in a temporary file).

const CHUNK_BYTES = 64 * 1024;
const EMPTY_SHARED_STRINGS = Buffer.from(
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
);

export async function readXlsxLines(bytes: Buffer, sink: LineSink): Promise<ReadOutcome> {
  const outcome = await readXlsxParts(bytes);
  if (outcome.kind !== 'read') return outcome;
  const { parts } = outcome;
  const repacked = zipSync(
    {
      'xl/_rels/workbook.xml.rels': parts.workbookRels,
      'xl/workbook.xml': parts.workbook,
      ...(parts.styles ? { 'xl/styles.xml': parts.styles } : {}),
      'xl/sharedStrings.xml': parts.sharedStrings ?? EMPTY_SHARED_STRINGS,
      'xl/worksheets/sheet1.xml': parts.sheet,
    },
    { level: 0 },
  );
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunksOf(repacked)), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellText(cell.value);
        });
        if (!cells.some((cell) => cell !== undefined && cell !== '')) continue;
        if (sink({ number: row.number, cells: Array.from(cells, (cell) => cell ?? '') }) === 'stop') {
          return { kind: 'read' };
        }
      }
      // Only the first sheet was repacked; stop anyway so nothing else is waited for.
      break;
    }
  } catch {
    return { kind: 'unreadable' };
  }
  return { kind: 'read' };
}

/**
 * The bytes in small pieces: ExcelJS parses each piece it is given in one go and makes every row in it
 * at once, so one piece of a whole sheet would build all its rows before the cap could stop it.
 */
function* chunksOf(bytes: Uint8Array): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    yield Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(CHUNK_BYTES, bytes.length - start));
  }
}

/** A cell as the text a CSV would hold: a date cell as `YYYY-MM-DD`, a number as typed (dot). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
    return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}
