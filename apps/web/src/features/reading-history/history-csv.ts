import {
  METER_CHANGE_TEXTS,
  READING_REASON_LABELS,
  READING_SOURCE_LABELS,
  toWireValue,
} from '@maaler/contract';
import { formatTimestamp } from '@/lib/format-timestamp';
import { formatDanishRate } from '@/lib/numbers/danish-number';
import type { HistoryPoint } from './history-points';
import { readingHistoryMessages as messages } from './messages';

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';
/** Spreadsheets run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * RFC 4180: a field holding the separator, a quote, a comma or a line break is quoted. Numbers the
 * file writes itself stay bare: their comma is the Danish decimal mark, and quoted they could open as
 * text in a spreadsheet.
 */
const NEEDS_QUOTES = /[;",\r\n]|^\s|\s$/;

function quoted(cell: string): string {
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Text from users (names) can never become a formula: a leading apostrophe makes it plain text. */
function textCell(text: string): string {
  return quoted(FORMULA_START.test(text) ? `'${text}` : text);
}

/**
 * Whether the server tells corrections, confirmations and sources at all: a server that follows only the
 * contract sends neither (ADR 012), and an empty column would claim that nothing was corrected.
 */
function reportedColumns(points: readonly HistoryPoint[]) {
  const entries = points.flatMap((point) => point.rows.map((row) => row.entry));
  return {
    corrections: entries.some((entry) => entry.Corrections !== undefined),
    confirmations: entries.some((entry) => entry.PlausibilityOverride !== undefined),
    sources: entries.some((entry) => entry.Source !== undefined),
    meterChanges: entries.some((entry) => entry.MeterChange !== undefined),
    reasons: entries.some((entry) => entry.Reason !== undefined),
  };
}

/**
 * The history as a CSV file for Danish spreadsheets: UTF-8 with a byte order mark, semicolons between
 * cells, decimal commas without thousands dots, dates DD-MM-YYYY, CRLF line ends, one line per reading
 * (points in the meter's order, newest date first) after a header line. The columns 'Rettet' and
 * 'Bekræftet trods advarsel' are there when the server reports corrections and confirmations, and
 * 'Kilde' and 'Indtastet' (the time an offline reading was typed) when it reports sources, and
 * 'Målerskift' when the history holds a meter change (ADR 019), and 'Årsag' and 'Omløb' when it reports
 * reasons (ADR 046).
 */
export function historyCsv(points: readonly HistoryPoint[]): string {
  const reported = reportedColumns(points);
  const header = [
    ...messages.csvColumns,
    ...(reported.corrections ? [messages.csvCorrectedColumn] : []),
    ...(reported.confirmations ? [messages.csvConfirmedColumn] : []),
    ...(reported.sources ? messages.csvSourceColumns : []),
    ...(reported.meterChanges ? [messages.csvMeterChangeColumn] : []),
    ...(reported.reasons ? messages.csvReasonColumns : []),
  ];
  const lines = [header.map(quoted)];
  for (const point of points) {
    for (const { entry, value, consumption } of point.rows) {
      const corrections = (entry.Corrections ?? [])
        .map((correction) =>
          messages.csvCorrection(
            toWireValue(correction.OldValue ?? ''),
            correction.ChangedBy,
            formatTimestamp(correction.ChangedAt),
          ),
        )
        .join('; ');
      lines.push([
        textCell(point.name),
        textCell(point.unit),
        entry.DateRecordFormatted,
        toWireValue(value),
        consumption ? toWireValue(consumption.amount) : '',
        consumption ? formatDanishRate(consumption.perDay, { grouping: false }) : '',
        textCell(entry.RegisteredBy),
        formatTimestamp(entry.RegisteredAt),
        ...(reported.corrections ? [textCell(corrections)] : []),
        ...(reported.confirmations ? [entry.PlausibilityOverride ? messages.csvYes : ''] : []),
        ...(reported.sources
          ? [
              entry.Source ? READING_SOURCE_LABELS[entry.Source] : '',
              entry.EnteredAt ? formatTimestamp(entry.EnteredAt) : '',
            ]
          : []),
        ...(reported.meterChanges
          ? [
              entry.MeterChange
                ? textCell(
                    METER_CHANGE_TEXTS.summary(
                      entry.MeterChange.OldSerialNumber,
                      entry.MeterChange.NewSerialNumber,
                      entry.MeterChange.FinalValue,
                    ),
                  )
                : '',
            ]
          : []),
        ...(reported.reasons
          ? [entry.Reason ? READING_REASON_LABELS[entry.Reason] : '', entry.Rollover ? messages.csvYes : '']
          : []),
      ]);
    }
  }
  return BOM + lines.map((cells) => cells.join(SEPARATOR)).join(LINE_END) + LINE_END;
}
