import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { writable } from '../shared/pdf-text.ts';
import { routePrintTexts as t } from './route-print-texts.ts';
import type { RouteSheetRow } from './route-sheet.ts';

// The printed route (`Udskriv rute`, issue 37): an A4 page on its side, a table in route order with a
// blank column to write the value in, the headings again on every page. Standard PDF fonts only, as
// the self-reading letters (nothing embedded), so fifty meters stay a few kilobytes.

/** What the sheet's heading says. */
export type RouteSheet = { title: string; period: string; printed: string; rows: readonly RouteSheetRow[] };

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const SIZE = 8.5;
const LINE = 11;
const PAD = 3;
const TEXT = rgb(0.13, 0.15, 0.16);
const RULE = rgb(0.55, 0.57, 0.6);
const HEADING_FILL = rgb(0.9, 0.91, 0.92);

type Column = { key: keyof RouteSheetRow | 'blank'; width: number };

/** Widths in points; together the page's width inside its margins (769.89). */
const COLUMNS: readonly Column[] = [
  { key: 'order', width: 28 },
  { key: 'location', width: 104 },
  { key: 'meter', width: 104 },
  { key: 'serial', width: 80 },
  { key: 'placement', width: 110 },
  { key: 'access', width: 120 },
  { key: 'lastValue', width: 120 },
  { key: 'blank', width: 103.89 },
];

type Fonts = { regular: PDFFont; bold: PDFFont };

/** The text's lines within `width`: by words, and a word too long for a line by characters. */
function wrap(font: PDFFont, text: string, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, SIZE) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of writable(font, text).split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (line && !fits(line + char)) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The cells' lines of one row, and its height. */
function layoutRow(font: PDFFont, cells: (column: Column) => string) {
  const lines = COLUMNS.map((column) => wrap(font, cells(column), column.width - 2 * PAD));
  return { lines, height: Math.max(1, ...lines.map((cell) => cell.length)) * LINE + 2 * PAD };
}

function drawRow(page: PDFPage, font: PDFFont, row: ReturnType<typeof layoutRow>, top: number, fill = false) {
  let x = MARGIN;
  for (const [index, column] of COLUMNS.entries()) {
    page.drawRectangle({
      x,
      y: top - row.height,
      width: column.width,
      height: row.height,
      borderColor: RULE,
      borderWidth: 0.5,
      ...(fill ? { color: HEADING_FILL } : {}),
    });
    (row.lines[index] ?? []).forEach((text, line) => {
      page.drawText(text, {
        x: x + PAD,
        y: top - PAD - (line + 1) * LINE + 2.5,
        size: SIZE,
        font,
        color: TEXT,
      });
    });
    x += column.width;
  }
}

/** Draws the sheet's heading on a page; answers where the table starts. */
function drawPageHeading(page: PDFPage, fonts: Fonts, sheet: RouteSheet): number {
  let y = PAGE.height - MARGIN;
  page.drawText(writable(fonts.bold, sheet.title), {
    x: MARGIN,
    y: y - 14,
    size: 14,
    font: fonts.bold,
    color: TEXT,
  });
  y -= 20;
  page.drawText(writable(fonts.regular, `${sheet.period}    ${sheet.printed}`), {
    x: MARGIN,
    y: y - 10,
    size: 10,
    font: fonts.regular,
    color: TEXT,
  });
  return y - 20;
}

/** The route as one PDF: its heading and the table's headings on every page, a page number at the foot. */
export async function renderRouteSheet(sheet: RouteSheet): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(sheet.title);
  pdf.setLanguage('da-DK');
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const headings = layoutRow(fonts.bold, (column) => t.headings[column.key]);
  const newPage = () => {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    const top = drawPageHeading(page, fonts, sheet);
    drawRow(page, fonts.bold, headings, top, true);
    return { page, y: top - headings.height };
  };
  let current = newPage();
  if (sheet.rows.length === 0)
    current.page.drawText(t.emptyRoute, {
      x: MARGIN,
      y: current.y - 16,
      size: 10,
      font: fonts.regular,
      color: TEXT,
    });
  for (const row of sheet.rows) {
    const laid = layoutRow(fonts.regular, (column) => (column.key === 'blank' ? '' : row[column.key]));
    if (current.y - laid.height < MARGIN + 14) current = newPage();
    drawRow(current.page, fonts.regular, laid, current.y);
    current.y -= laid.height;
  }
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    page.drawText(t.page(index + 1, pages.length), {
      x: PAGE.width - MARGIN - 60,
      y: MARGIN - 16,
      size: 8,
      font: fonts.regular,
      color: TEXT,
    });
  });
  return Buffer.from(await pdf.save());
}
