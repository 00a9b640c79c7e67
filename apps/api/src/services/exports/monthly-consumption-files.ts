import { periodLabel, toDanishDate, toWireValue } from '@maaler/contract';
import { danishCsv, filterEveryColumn, guardFormula, newWorkbook } from './export-files.ts';
import type { MonthRow } from './monthly-consumption.ts';

// `Forbrug pr. måned` as files for Danish Excel, with the billing export's conventions (ADR 016).

const COLUMNS = [
  { heading: 'Lokation', width: 28 },
  { heading: 'Måler', width: 28 },
  { heading: 'Serienummer', width: 18 },
  { heading: 'Målepunkt', width: 18 },
  { heading: 'Enhed', width: 8 },
  { heading: 'Måned', width: 16 },
  { heading: 'Forbrug', width: 14 },
  { heading: 'Dage med aflæsninger', width: 12 },
  { heading: 'Dage i perioden', width: 12 },
  // At the end, so the earlier columns keep their places (issue 37, ADR 049).
  { heading: 'Beboer', width: 12 },
  { heading: 'Fra', width: 12 },
  { heading: 'Til', width: 12 },
] as const;

/** Whose part of the period a row is, where a move splits it (ADR 049). */
const RESIDENT_LABELS: Record<NonNullable<MonthRow['resident']>, string> = {
  'moved-out': 'Fraflyttet',
  'moved-in': 'Indflyttet',
};

/** The row's resident and its first and last day (`DD-MM-YYYY`). */
const partCells = (row: MonthRow): string[] => [
  row.resident === null ? '' : RESIDENT_LABELS[row.resident],
  toDanishDate(row.from),
  toDanishDate(row.to),
];

export const MONTH_HEADINGS = COLUMNS.map((column) => column.heading);

/** `november 2026`. */
const monthName = (month: string): string =>
  periodLabel({ start: `${month}-01`, end: `${month}-01` }, 'monthly');

/** The free-text cells, guarded against spreadsheet formulas. */
const placeCells = (row: MonthRow): string[] =>
  [row.location, row.meter, row.serial, row.point, row.unit].map(guardFormula);

export const monthCsv = (rows: readonly MonthRow[]): Buffer =>
  danishCsv(
    MONTH_HEADINGS,
    rows.map((row) => [
      ...placeCells(row),
      monthName(row.month),
      row.amount === null ? '' : toWireValue(row.amount),
      String(row.daysCovered),
      String(row.daysInPeriod),
      ...partCells(row),
    ]),
  );

/** The same table as .xlsx, the amounts and day counts as numbers, with filter buttons. */
export async function monthXlsx(rows: readonly MonthRow[], sheetName: string): Promise<Buffer> {
  const { workbook, sheet } = newWorkbook(sheetName, COLUMNS);
  for (const row of rows) {
    sheet.addRow([
      ...placeCells(row),
      monthName(row.month),
      row.amount === null ? null : Number(row.amount),
      row.daysCovered,
      row.daysInPeriod,
      ...partCells(row),
    ]);
  }
  filterEveryColumn(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
