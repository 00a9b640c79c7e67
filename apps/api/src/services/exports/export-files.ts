import { METER_CHANGE_TEXTS, READING_SOURCE_LABELS, toDanishDate, toWireValue } from '@maaler/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ExportRow } from './reading-export.ts';

// The billing export as files for Danish Excel (ADR 016): headings in Danish, decimal comma, dates
// DD-MM-YYYY, times in Copenhagen.

/** The columns in order: Danish heading, and whether the cell is free text (which the formula guard covers). */
const COLUMNS = [
  { heading: 'Lokation', text: true, width: 28 },
  { heading: 'Måler', text: true, width: 28 },
  { heading: 'Serienummer', text: true, width: 18 },
  { heading: 'Målepunkt', text: true, width: 18 },
  { heading: 'Enhed', text: true, width: 8 },
  { heading: 'Dato', text: false, width: 12 },
  { heading: 'Værdi', text: false, width: 14 },
  { heading: 'Forbrug siden forrige', text: false, width: 14 },
  { heading: 'Registreret af', text: true, width: 28 },
  { heading: 'Registreret', text: false, width: 17 },
  { heading: 'Rettet', text: false, width: 8 },
  { heading: 'Sendt alligevel', text: false, width: 10 },
  { heading: 'Kilde', text: false, width: 10 },
  { heading: 'Indtastet', text: false, width: 17 },
  { heading: 'Målerskift', text: true, width: 44 },
  { heading: 'Foto', text: false, width: 6 },
  { heading: 'Bemærkning', text: true, width: 40 },
] as const;

export const EXPORT_HEADINGS = COLUMNS.map((column) => column.heading);

/**
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, or a tab or carriage
 * return that some programs skip) gets a leading apostrophe, so it is shown, never evaluated.
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const yesNo = (flag: boolean): string => (flag ? 'Ja' : 'Nej');

const meterChangeCell = ({ meterChange }: ExportRow): string =>
  meterChange === null
    ? ''
    : METER_CHANGE_TEXTS.summary(
        meterChange.oldSerial,
        meterChange.newSerial,
        toWireValue(meterChange.finalValue),
      );

let copenhagenTime: Intl.DateTimeFormat | undefined;

/** Copenhagen's wall-clock time of an instant through `Intl` (slow: a few microseconds a call). */
function formattedWallClock(instant: Date): [number, number, number, number, number] {
  copenhagenTime ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Copenhagen',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const parts = copenhagenTime.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return [part('year'), part('month'), part('day'), part('hour'), part('minute')];
}

const MINUTE_MS = 60_000;
const MAX_CACHED_HOURS = 100_000;
/**
 * Copenhagen's offset from UTC by UTC hour: it changes only at 01:00 UTC, so one `Intl` call per hour
 * serves every timestamp in it (files of 100,000 readings, ADR 040).
 */
const offsetByUtcHour = new Map<number, number>();

/** An ISO 8601 instant as its wall-clock time in Copenhagen: `[year, month, day, hour, minute]`. */
function copenhagenWallClock(iso: string): [number, number, number, number, number] {
  const instant = new Date(iso);
  const utcHour = Math.floor(instant.getTime() / (60 * MINUTE_MS));
  let offset = offsetByUtcHour.get(utcHour);
  if (offset === undefined) {
    const [year, month, day, hour, minute] = formattedWallClock(instant);
    offset =
      Date.UTC(year, month - 1, day, hour, minute) - Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS;
    if (offsetByUtcHour.size >= MAX_CACHED_HOURS) offsetByUtcHour.clear();
    offsetByUtcHour.set(utcHour, offset);
  }
  const wall = new Date(instant.getTime() + offset);
  return [
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
  ];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `DD-MM-YYYY HH:MM`, Copenhagen time. */
export function danishTimestamp(iso: string): string {
  const [year, month, day, hour, minute] = copenhagenWallClock(iso);
  return `${pad(day)}-${pad(month)}-${year} ${pad(hour)}:${pad(minute)}`;
}

/** The cells of a row as text, in column order. */
function textCells(row: ExportRow): string[] {
  const cells = [
    row.location,
    row.meter,
    row.serial,
    row.point,
    row.unit,
    toDanishDate(row.date),
    toWireValue(row.value),
    row.consumption === null ? '' : toWireValue(row.consumption),
    row.registeredBy,
    danishTimestamp(row.registeredAt),
    yesNo(row.corrected),
    yesNo(row.sentAnyway),
    READING_SOURCE_LABELS[row.source],
    row.enteredAt === null ? '' : danishTimestamp(row.enteredAt),
    meterChangeCell(row),
    yesNo(row.hasPhoto),
    row.note ?? '',
  ];
  return cells.map((cell, index) => (COLUMNS[index]?.text ? guardFormula(cell) : cell));
}

const BOM = '\uFEFF';

/** CSV as Danish Excel opens it directly: UTF-8 with BOM, `;` between fields, CRLF line ends. */
export function danishCsv(headings: readonly string[], data: readonly string[][]): Buffer {
  const csv = Papa.unparse(
    { fields: [...headings], data: [...data] },
    { delimiter: ';', newline: '\r\n', header: true },
  );
  return Buffer.from(`${BOM}${csv}\r\n`, 'utf8');
}

export const exportCsv = (rows: readonly ExportRow[]): Buffer =>
  danishCsv(EXPORT_HEADINGS, rows.map(textCells));

/** An Excel date cell holds the wall-clock time; ExcelJS writes a Date's UTC fields. */
const excelDate = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(Date.UTC(year, month - 1, day, hour, minute));

/** A workbook of one sheet with a bold, frozen heading row. */
export function newWorkbook(
  sheetName: string,
  columns: readonly { heading: string; width: number }[],
): { workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet } {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.heading, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  return { workbook, sheet };
}

/** Filter buttons on the heading row over every column and row written. */
export function filterEveryColumn(sheet: ExcelJS.Worksheet): void {
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(sheet.rowCount, 1), column: sheet.columnCount },
  };
}

/** The same table as an .xlsx workbook: numbers as numbers, dates as dates, the heading row frozen. */
export async function exportXlsx(rows: readonly ExportRow[], sheetName: string): Promise<Buffer> {
  const { workbook, sheet } = newWorkbook(sheetName, COLUMNS);
  for (const row of rows) {
    const [year = 0, month = 1, day = 1] = row.date.split('-').map(Number);
    sheet.addRow([
      guardFormula(row.location),
      guardFormula(row.meter),
      guardFormula(row.serial),
      guardFormula(row.point),
      guardFormula(row.unit),
      excelDate(year, month, day),
      Number(row.value),
      row.consumption === null ? null : Number(row.consumption),
      guardFormula(row.registeredBy),
      excelDate(...copenhagenWallClock(row.registeredAt)),
      yesNo(row.corrected),
      yesNo(row.sentAnyway),
      READING_SOURCE_LABELS[row.source],
      row.enteredAt === null ? null : excelDate(...copenhagenWallClock(row.enteredAt)),
      guardFormula(meterChangeCell(row)),
      yesNo(row.hasPhoto),
      guardFormula(row.note ?? ''),
    ]);
  }
  sheet.getColumn(6).numFmt = 'dd-mm-yyyy';
  sheet.getColumn(10).numFmt = 'dd-mm-yyyy hh:mm';
  sheet.getColumn(14).numFmt = 'dd-mm-yyyy hh:mm';
  filterEveryColumn(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
