import {
  IMPORT_COLUMNS,
  IMPORT_MESSAGES,
  type ImportFormat,
  type ImportKind,
  type ImportRowError,
  MAX_IMPORT_ROWS,
} from '@maaler/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

// Reading an import file (ADR 018) into rows of text cells keyed by the kind's column names, and the
// templates. CSV as Danish Excel writes it (`;`, decimal comma, UTF-8 or Windows-1252); the first
// sheet of an .xlsx.

/** A data row: its line in the file (the heading is line 1) and its cells by column name, trimmed. */
export type ImportRow = { line: number; cells: Record<string, string> };

export type ParsedFile = { rows: ImportRow[]; errors: ImportRowError[] };

const fileError = (message: string, column: string | null = null): ParsedFile => ({
  rows: [],
  errors: [{ line: 1, column, message }],
});

export async function parseImportFile(
  kind: ImportKind,
  format: ImportFormat,
  bytes: Buffer,
): Promise<ParsedFile> {
  const lines = format === 'xlsx' ? await xlsxLines(bytes) : csvLines(bytes);
  if (lines === null) return fileError(IMPORT_MESSAGES.fileUnreadable(format));
  const [heading, ...data] = lines;
  const positions = new Map((heading?.cells ?? []).map((cell, index) => [normalizeHeading(cell), index]));
  const missing = IMPORT_COLUMNS[kind].filter((column) => !positions.has(normalizeHeading(column)));
  if (missing.length > 0) {
    return {
      rows: [],
      errors: missing.map((column) => ({ line: 1, column, message: IMPORT_MESSAGES.columnMissing(column) })),
    };
  }
  const rows = data
    .filter((line) => line.cells.some((cell) => cell.trim() !== ''))
    .map((line) => ({
      line: line.number,
      cells: Object.fromEntries(
        IMPORT_COLUMNS[kind].map((column) => [
          column,
          (line.cells[positions.get(normalizeHeading(column)) ?? -1] ?? '').trim(),
        ]),
      ),
    }));
  if (rows.length === 0) return fileError(IMPORT_MESSAGES.noRows);
  if (rows.length > MAX_IMPORT_ROWS) return fileError(IMPORT_MESSAGES.tooManyRows);
  return { rows, errors: [] };
}

/** How many rows are bad: the errors come in line order, one or more per bad row. */
export function badRowCount(errors: readonly ImportRowError[]): number {
  return errors.filter((error, index) => index === 0 || errors[index - 1]?.line !== error.line).length;
}

const normalizeHeading = (text: string) => text.trim().toLocaleLowerCase('da');

type Line = { number: number; cells: string[] };

/** UTF-8 (with or without BOM); else Windows-1252, which Danish Excel's "CSV (semikolonsepareret)" writes. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function csvLines(bytes: Buffer): Line[] | null {
  const text = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, { delimiter: separatorOf(text) });
  // A quote left open swallows the rest of the file; other papaparse errors (ragged rows) are harmless.
  if (parsed.errors.some((error) => error.type === 'Quotes')) return null;
  // Row n is line n; a quoted field spanning lines is rare enough in these files to accept the offset.
  return parsed.data.map((cells, index) => ({ number: index + 1, cells }));
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

async function xlsxLines(bytes: Buffer): Promise<Line[] | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const lines: Line[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    lines.push({ number, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  return lines;
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

/** The empty template of a kind: the heading row only. */
export async function importTemplate(kind: ImportKind, format: ImportFormat): Promise<Buffer> {
  const columns = IMPORT_COLUMNS[kind];
  if (format === 'csv') {
    return Buffer.from(`\uFEFF${Papa.unparse([columns], { delimiter: ';', newline: '\r\n' })}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind === 'meters' ? 'Målere' : 'Aflæsninger');
  sheet.columns = columns.map((header) => ({ header, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
