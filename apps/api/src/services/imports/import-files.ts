import {
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE_MARK,
  IMPORT_EXAMPLE_ROWS,
  IMPORT_EXTRA_COLUMNS,
  IMPORT_MESSAGES,
  type ImportFileFormat,
  type ImportFormat,
  type ImportKind,
  type ImportRowError,
  MAX_IMPORT_ROWS,
  REMOTE_CSV_COLUMNS,
} from '@maaler/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { readCsvLines } from './csv-lines.ts';
import type { LineSink } from './file-lines.ts';
import type { ImportRow } from './import-row.ts';
import { type RemoteFile, readWmbusmetersFile, remoteRowsOfCsv } from './remote/remote-file.ts';
import { readXlsxLines } from './xlsx-lines.ts';

// Reading an import file (ADR 018) into rows of text cells keyed by the kind's column names, and the
// templates. CSV as Danish Excel writes it (`;`, decimal comma, UTF-8 or Windows-1252); the first
// sheet of an .xlsx. Read line by line and counted while reading (ADR 028): the reading stops at a
// missing column or at the first row over `MAX_IMPORT_ROWS`. Runs in the import worker.

/** `remote`: a file of remote values (issue 38, ADR 050), whose rows are there instead of `rows`. */
export type ParsedFile = { rows: ImportRow[]; errors: ImportRowError[]; remote?: RemoteFile };

export const fileError = (message: string, column: string | null = null): ParsedFile => ({
  rows: [],
  errors: [{ line: 1, column, message }],
});

export async function parseImportFile(
  kind: ImportKind,
  format: ImportFileFormat,
  bytes: Buffer,
): Promise<ParsedFile> {
  if (format === 'wmbusmeters') return parseWmbusmetersFile(kind, bytes);
  let columns: readonly string[] = IMPORT_COLUMNS[kind];
  let remote = false;
  let present: readonly string[] = columns;
  // Set by the heading line (the first); until then every column counts as missing.
  let positions: Map<string, number> | undefined;
  let missing: readonly string[] = columns;
  let tooManyRows = false;
  const rows: ImportRow[] = [];
  const sink: LineSink = (line) => {
    if (!positions) {
      const heading = new Map(line.cells.map((cell, index) => [normalizeHeading(cell), index]));
      positions = heading;
      remote =
        kind === 'readings' && REMOTE_CSV_COLUMNS.every((column) => heading.has(normalizeHeading(column)));
      if (remote) columns = REMOTE_CSV_COLUMNS;
      missing = columns.filter((column) => !heading.has(normalizeHeading(column)));
      const extras = remote
        ? []
        : IMPORT_EXTRA_COLUMNS[kind].filter((column) => heading.has(normalizeHeading(column)));
      present = [...columns, ...extras];
      return missing.length > 0 ? 'stop' : 'more';
    }
    if (!line.cells.some((cell) => cell.trim() !== '')) return 'more';
    const at = positions;
    const first = (line.cells[at.get(normalizeHeading(columns[0] ?? '')) ?? -1] ?? '').trim();
    if (isExample(first)) return 'more';
    if (rows.length === MAX_IMPORT_ROWS) {
      tooManyRows = true;
      return 'stop';
    }
    rows.push({
      line: line.number,
      cells: Object.fromEntries(
        present.map((column) => [column, (line.cells[at.get(normalizeHeading(column)) ?? -1] ?? '').trim()]),
      ),
    });
    return 'more';
  };
  const outcome = format === 'xlsx' ? await readXlsxLines(bytes, sink) : readCsvLines(bytes, sink);
  if (outcome.kind === 'unreadable') return fileError(IMPORT_MESSAGES.fileUnreadable(format));
  if (outcome.kind === 'refused') return fileError(outcome.message);
  if (missing.length > 0) {
    return {
      rows: [],
      errors: missing.map((column) => ({ line: 1, column, message: IMPORT_MESSAGES.columnMissing(column) })),
    };
  }
  if (tooManyRows) return fileError(IMPORT_MESSAGES.tooManyRows);
  if (rows.length === 0) return fileError(IMPORT_MESSAGES.noRows);
  return remote ? { rows: [], errors: [], remote: remoteRowsOfCsv(rows) } : { rows, errors: [] };
}

/** wmbusmeters' JSON lines (UTF-8): readings only; a bad line is a row error, not the file's. */
function parseWmbusmetersFile(kind: ImportKind, bytes: Buffer): ParsedFile {
  if (kind !== 'readings') return fileError(IMPORT_MESSAGES.onlyReadings);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fileError(IMPORT_MESSAGES.fileUnreadable('wmbusmeters'));
  }
  const remote = readWmbusmetersFile(text);
  if (remote.tooManyRows) return fileError(IMPORT_MESSAGES.tooManyRows);
  if (remote.rows.length + remote.errors.length === 0) return fileError(IMPORT_MESSAGES.noRows);
  return { rows: [], errors: [], remote };
}

/** How many rows are bad: the errors come in line order, one or more per bad row. */
export function badRowCount(errors: readonly ImportRowError[]): number {
  return errors.filter((error, index) => index === 0 || errors[index - 1]?.line !== error.line).length;
}

const normalizeHeading = (text: string) => text.trim().toLocaleLowerCase('da');

const isExample = (firstCell: string) =>
  firstCell.toLocaleLowerCase('da').startsWith(IMPORT_EXAMPLE_MARK.toLocaleLowerCase('da'));

/** The template of a kind: the heading row and one example row, which the import skips. */
export async function importTemplate(kind: ImportKind, format: ImportFormat): Promise<Buffer> {
  const columns = [...IMPORT_COLUMNS[kind], ...IMPORT_EXTRA_COLUMNS[kind]];
  const example = IMPORT_EXAMPLE_ROWS[kind];
  if (format === 'csv') {
    const text = Papa.unparse([columns, example], { delimiter: ';', newline: '\r\n' });
    return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind === 'meters' ? 'Målere' : 'Aflæsninger');
  sheet.columns = columns.map((header) => ({ header, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow([...example]).font = { italic: true, color: { argb: 'FF595959' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
